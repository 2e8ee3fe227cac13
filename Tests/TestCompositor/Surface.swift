import CWaylandServer
import CWaylandServerProtocols

/// A client's surface (`wl_surface`): pending state that a commit applies, the committed
/// pixels, and the frame callbacks and presentation feedback awaiting the next frame.
public final class Surface: ResourceOwner {
    /// The surface's protocol id, as `WAYLAND_DEBUG` shows it.
    public let id: UInt32
    /// The state as of the last applied commit.
    public private(set) var committed = SurfaceState()
    /// How many commits were applied so far: compare before and after an action.
    public private(set) var commitCount = 0
    /// A line per applied commit, oldest first: what it attached and when, in frames.
    public private(set) var commitLog: [CommitRecord] = []
    /// Whether the client still has the surface.
    public var isAlive: Bool { resource != nil }
    /// The role's name (`xdg_toplevel`, `wl_subsurface`, `cursor`), nil before one is given.
    public var roleName: String? { role?.roleName }

    private(set) var resource: OpaquePointer?
    private unowned let compositor: Compositor
    /// What the client changed since its last commit (viewports write here too).
    var pending = PendingSurfaceState()
    /// A synchronized subsurface's commits, waiting for the parent's commit.
    private var cached: PendingSurfaceState?
    private(set) var role: SurfaceRole?
    /// Committed callbacks not yet answered: the client waits for the next frame.
    private var frameCallbacks: [FrameCallback] = []
    /// Feedback for the content of the last commit, not yet presented.
    private var feedbacks: [PresentationFeedback] = []
    /// Subsurfaces whose parent this surface is, bottom to top.
    var children: [Subsurface] = []
    private var hasEnteredOutput = false
    /// The buffer shown, kept until the next one replaces it (`keepsBuffersUntilReplaced`).
    private var heldBuffer: (id: UInt32, resource: OpaquePointer)?
    /// The surface's `wp_viewport`, if the client made one.
    weak var viewport: Viewport?

    private static let handlers = RequestHandlers(wl_surface_interface(
        destroy: destroyResource,
        attach: { _, resource, buffer, x, y in
            owner(of: resource, as: Surface.self).attach(buffer, x: x, y: y)
        },
        damage: { _, resource, x, y, width, height in
            owner(of: resource, as: Surface.self).pending.damage.append(Rect(x: x, y: y, width: width, height: height))
        },
        frame: { client, resource, id in
            owner(of: resource, as: Surface.self).pending.frameCallbacks.append(FrameCallback(client: client, id: id))
        },
        set_opaque_region: { _, resource, region in
            owner(of: resource, as: Surface.self).pending.opaqueRegion = .some(region.map { owner(of: $0, as: Region.self).shape })
        },
        set_input_region: { _, resource, region in
            owner(of: resource, as: Surface.self).pending.inputRegion = .some(region.map { owner(of: $0, as: Region.self).shape })
        },
        commit: { _, resource in owner(of: resource, as: Surface.self).commit() },
        set_buffer_transform: { _, resource, transform in
            owner(of: resource, as: Surface.self).setBufferTransform(transform)
        },
        set_buffer_scale: { _, resource, scale in
            owner(of: resource, as: Surface.self).setBufferScale(scale)
        },
        damage_buffer: { _, resource, x, y, width, height in
            owner(of: resource, as: Surface.self).pending.bufferDamage.append(Rect(x: x, y: y, width: width, height: height))
        },
        offset: { _, _, _, _ in
            // The test compositor places every surface at the origin; an offset moves nothing.
        }))

    init?(compositor: Compositor, client: OpaquePointer?, version: UInt32, id: UInt32) {
        self.compositor = compositor
        self.id = id
        guard let resource = makeResource(client: client, interface: glide_server_wl_surface_interface(),
                                          version: version, id: id, implementation: Surface.handlers.implementation)
        else { return nil }
        self.resource = resource
    }

    /// The client that made the surface.
    var client: OpaquePointer? { resource.map { wl_resource_get_client($0) } }

    /// The process id of the client that made the surface (0 once it is gone), to tell a
    /// client's window from that of an earlier client in the same compositor.
    public var clientProcessIdentifier: Int32 {
        guard let client else { return 0 }
        var pid: pid_t = 0
        wl_client_get_credentials(client, &pid, nil, nil)
        return pid
    }

    /// Whether the surface may take a role; if it has one already (a surface's role never
    /// changes), posts `error` on `errorResource` and returns false.
    func mayTakeRole(error: UInt32, on errorResource: OpaquePointer?) -> Bool {
        guard let role else { return true }
        glide_server_post_error(errorResource, error, "wl_surface@\(id) already has the role \(role.roleName)")
        return false
    }

    /// Gives the surface its role, once `mayTakeRole` said it may.
    func assignRole(_ newRole: SurfaceRole) {
        role = newRole
    }

    /// Forgets the role object, which the client destroyed.
    func removeRole() {
        role = nil
    }

    private func attach(_ buffer: OpaquePointer?, x: Int32, y: Int32) {
        if let resource, wl_resource_get_version(resource) >= 5, x != 0 || y != 0 {
            glide_server_post_error(resource, WL_SURFACE_ERROR_INVALID_OFFSET.rawValue,
                                    "attach with a non-zero offset; use wl_surface.offset")
            return
        }
        pending.attachedBuffer = .some(buffer.map { wl_resource_get_id($0) })
    }

    private func setBufferScale(_ scale: Int32) {
        guard scale >= 1 else {
            glide_server_post_error(resource, WL_SURFACE_ERROR_INVALID_SCALE.rawValue, "buffer scale \(scale) is not positive")
            return
        }
        pending.bufferScale = scale
    }

    private func setBufferTransform(_ transform: Int32) {
        guard (0...7).contains(transform) else {
            glide_server_post_error(resource, WL_SURFACE_ERROR_INVALID_TRANSFORM.rawValue, "buffer transform \(transform) is not a wl_output.transform")
            return
        }
        pending.bufferTransform = transform
    }

    private func commit() {
        let attachesBuffer = pending.attachedBuffer.map { $0 != nil } ?? false
        if let role, !role.validateCommit(attachesBuffer: attachesBuffer) { return }
        var state = cached ?? PendingSurfaceState()
        state.merge(pending)
        pending = PendingSurfaceState()
        if role?.defersCommit == true {
            cached = state
        } else {
            cached = nil
            apply(state)
        }
    }

    /// Applies a synchronized subsurface's cached state: its parent committed.
    func applyCachedState() {
        guard let state = cached else { return }
        cached = nil
        apply(state)
    }

    private func apply(_ state: PendingSurfaceState) {
        if let attached = state.attachedBuffer {
            if attached == nil { releaseHeldBuffer() }
            committed.image = attached.flatMap(takePixels(ofBufferWithID:))
        }
        committed.bufferScale = state.bufferScale ?? committed.bufferScale
        committed.bufferTransform = state.bufferTransform ?? committed.bufferTransform
        committed.damage = state.damage
        committed.bufferDamage = state.bufferDamage
        committed.opaqueRegion = state.opaqueRegion ?? committed.opaqueRegion
        committed.inputRegion = state.inputRegion ?? committed.inputRegion
        committed.viewportSource = state.viewportSource ?? committed.viewportSource
        committed.viewportDestination = state.viewportDestination ?? committed.viewportDestination
        if let image = committed.image, committed.viewportDestination == nil,
           image.width % Int(committed.bufferScale) != 0 || image.height % Int(committed.bufferScale) != 0 {
            glide_server_post_error(resource, WL_SURFACE_ERROR_INVALID_SIZE.rawValue,
                                    "buffer \(image.width)x\(image.height) is not a multiple of the buffer scale \(committed.bufferScale)")
            return
        }
        commitLog.append(CommitRecord(
            number: commitCount + 1, attachesBuffer: state.attachedBuffer.map { $0 != nil } ?? false,
            bufferID: state.attachedBuffer ?? nil,
            bufferSize: committed.image.map { Size(width: Int32($0.width), height: Int32($0.height)) },
            bufferScale: committed.bufferScale, requestsFrame: !state.frameCallbacks.isEmpty,
            wasWaitingForFrame: isWaitingForFrame, framesPresentedBefore: compositor.presentedFrameCount))
        frameCallbacks += state.frameCallbacks
        // This commit's content supersedes the last one's before it could be presented.
        for feedback in feedbacks { feedback.discard() }
        feedbacks = state.feedbacks
        commitCount += 1
        role?.surfaceDidApplyCommit()
        for child in children { child.parentDidApplyCommit() }
        if committed.image != nil, !hasEnteredOutput {
            hasEnteredOutput = true
            compositor.output.enter(self)
        }
        compositor.onCommit?(self)
    }

    /// Copies the buffer's pixels and releases it, at once or (`keepsBuffersUntilReplaced`)
    /// when the next buffer replaces it, so the client can draw into it again.
    private func takePixels(ofBufferWithID bufferID: UInt32) -> SurfaceImage? {
        // The buffer may have been destroyed since the attach: then nothing is shown.
        guard let client, let buffer = wl_client_get_object(client, bufferID),
              String(cString: wl_resource_get_class(buffer)) == "wl_buffer"
        else { return nil }
        let image = Shm.copyImage(of: buffer)
        releaseHeldBuffer()
        if compositor.keepsBuffersUntilReplaced {
            heldBuffer = (bufferID, buffer)
        } else {
            wl_buffer_send_release(buffer)
        }
        return image
    }

    /// Releases the buffer kept since the last commit, if the client still has it.
    private func releaseHeldBuffer() {
        guard let (id, buffer) = heldBuffer else { return }
        heldBuffer = nil
        if let client, wl_client_get_object(client, id) == buffer { wl_buffer_send_release(buffer) }
    }

    /// Whether the client waits for a frame callback.
    public var isWaitingForFrame: Bool { frameCallbacks.contains { $0.isPending } }

    /// Whether a frame callback or presentation feedback waits for the next frame.
    var isWaitingForPresentation: Bool { isWaitingForFrame || !feedbacks.isEmpty }

    /// Answers the committed frame callbacks with `timeMilliseconds`, and reports the last
    /// commit's content as presented.
    func presentFrame(timeMilliseconds: UInt32, presentation: PresentationTime) {
        for callback in frameCallbacks { callback.done(timeMilliseconds: timeMilliseconds) }
        frameCallbacks = []
        for feedback in feedbacks { feedback.presented(presentation, output: compositor.output) }
        feedbacks = []
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        // As weston does: a destroyed surface's callbacks are destroyed and its feedback
        // discarded, so the client never waits for them.
        for callback in frameCallbacks + pending.frameCallbacks + (cached?.frameCallbacks ?? []) {
            callback.cancel()
        }
        for feedback in feedbacks + pending.feedbacks + (cached?.feedbacks ?? []) { feedback.discard() }
        frameCallbacks = []
        feedbacks = []
        pending = PendingSurfaceState()
        cached = nil
        compositor.forget(self)
    }
}
