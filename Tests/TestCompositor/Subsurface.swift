import CWaylandServer
import CWaylandServerProtocols

/// A `wl_subsurface`: a surface shown relative to its parent. Its position, and in
/// synchronized mode (the default) its whole state, change only when the parent commits.
public final class Subsurface: ResourceOwner, SurfaceRole {
    public let surface: Surface
    /// The parent; nil once the parent is destroyed, which hides the subsurface.
    public private(set) weak var parent: Surface?
    /// The position relative to the parent, in logical px, as of the parent's last commit.
    public private(set) var position = (x: Int32(0), y: Int32(0))
    /// Whether the subsurface itself is in synchronized mode (`set_sync`/`set_desync`).
    public private(set) var isSynchronizedMode = true

    private unowned let subcompositor: Subcompositor
    private var pendingPosition: (x: Int32, y: Int32)?

    private static let handlers = RequestHandlers(wl_subsurface_interface(
        destroy: destroyResource,
        set_position: { _, resource, x, y in owner(of: resource, as: Subsurface.self).pendingPosition = (x, y) },
        place_above: { _, resource, sibling in owner(of: resource, as: Subsurface.self).restack(sibling, above: true) },
        place_below: { _, resource, sibling in owner(of: resource, as: Subsurface.self).restack(sibling, above: false) },
        set_sync: { _, resource in owner(of: resource, as: Subsurface.self).isSynchronizedMode = true },
        set_desync: { _, resource in owner(of: resource, as: Subsurface.self).setDesynchronized() }))

    init?(subcompositor: Subcompositor, client: OpaquePointer?, id: UInt32, surface: Surface, parent: Surface) {
        self.subcompositor = subcompositor
        self.surface = surface
        self.parent = parent
        guard makeResource(client: client, interface: glide_server_wl_subsurface_interface(), version: 1, id: id,
                           implementation: Subsurface.handlers.implementation) != nil
        else { return nil }
    }

    var roleName: String { "wl_subsurface" }

    /// Whether commits wait for the parent: in synchronized mode, or when an ancestor is.
    var defersCommit: Bool {
        guard parent != nil else { return false }
        if isSynchronizedMode { return true }
        return (parent?.role as? Subsurface)?.defersCommit ?? false
    }

    /// Applies what waited for the parent's commit.
    func parentDidApplyCommit() {
        if let pendingPosition { position = pendingPosition }
        pendingPosition = nil
        if defersCommit { surface.applyCachedState() }
    }

    /// Leaves synchronized mode; state cached so far is applied at once, as if just committed.
    private func setDesynchronized() {
        isSynchronizedMode = false
        if !defersCommit { surface.applyCachedState() }
    }

    /// Moves this subsurface just above or below a sibling in the parent's stacking order
    /// (applied at once; the protocol would wait for the parent's commit).
    private func restack(_ siblingResource: OpaquePointer?, above: Bool) {
        guard let parent, let index = parent.children.firstIndex(where: { $0 === self }) else { return }
        parent.children.remove(at: index)
        if let target = parent.children.firstIndex(where: { $0.surface.resource == siblingResource }) {
            parent.children.insert(self, at: above ? target + 1 : target)
        } else {
            // The sibling is the parent itself: the bottom of its children.
            parent.children.insert(self, at: 0)
        }
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        parent?.children.removeAll { $0 === self }
        surface.removeRole()
        subcompositor.forget(self)
    }
}
