import CWaylandServer
import CWaylandServerProtocols

/// The compositor's state: its globals and everything clients made with them.
///
/// Touch it only inside `TestCompositor.exec` or a `wait` condition, which hold the lock
/// that the compositor's thread holds while it dispatches client requests.
public final class Server {
    public let output: Output
    public let compositor: Compositor
    public let subcompositor: Subcompositor
    public let seat: Seat
    public let pointerGestures: PointerGestures
    public let xdgShell: XdgShell
    public let viewporter: Viewporter
    public let presentation: Presentation
    public let decorationManager: DecorationManager
    public let fractionalScaleManager: FractionalScaleManager
    /// The clipboard, the primary selection and text input, offered as sway offers them.
    public let dataDeviceManager: DataDeviceManager
    public let primarySelectionManager: PrimarySelectionManager
    public let textInputManager: TextInputManager
    /// The optional globals this compositor offers (objects of the others exist, unbound).
    public let configuration: Configuration
    /// The frame times that `presentFrame` hands out.
    public var frameClock = FrameClock()

    let display: OpaquePointer
    private let problemLog = ProblemLog()
    private let errorLogger: ProtocolErrorLogger
    /// The timer of `startPresentingFrames` and its interval in ms, while it runs.
    var frameTimer: (source: OpaquePointer, intervalMilliseconds: Int32)?
    /// Whether a presentation is scheduled (see `presentsFramesOnCommit`).
    var isPresentationScheduled = false
    /// How many resources of each interface clients created, by interface name.
    private var createdResourceCounts: [String: Int] = [:]

    /// Answers every frame callback and presentation feedback as soon as the commit that
    /// asked for it is dispatched (after the requests that came with it), at the frame
    /// clock's next time, as a compositor with an instant display would.
    ///
    /// An animation then runs as fast as the client draws, each frame one refresh later on
    /// the frame clock: deterministic and quick, and a client's fallback timer never fires.
    public var presentsFramesOnCommit = false {
        didSet { if presentsFramesOnCommit { schedulePresentationIfNeeded() } }
    }

    init(display: OpaquePointer, configuration: Configuration) throws(TestCompositorError) {
        self.display = display
        self.configuration = configuration
        let offered = configuration.optionalGlobals
        try Shm.install(on: display)
        errorLogger = ProtocolErrorLogger(display: display, problems: problemLog)
        output = Output(display: display)
        compositor = Compositor(display: display, output: output)
        subcompositor = Subcompositor(display: display, compositor: compositor)
        seat = try Seat(display: display, compositor: compositor, problems: problemLog)
        pointerGestures = PointerGestures(display: display, problems: problemLog,
                                          isOffered: offered.contains(.pointerGestures))
        xdgShell = XdgShell(display: display, compositor: compositor, problems: problemLog)
        viewporter = Viewporter(display: display, compositor: compositor, isOffered: offered.contains(.viewporter))
        presentation = Presentation(display: display, compositor: compositor, isOffered: offered.contains(.presentation))
        decorationManager = DecorationManager(display: display, shell: xdgShell, mode: configuration.decorationMode,
                                              isOffered: offered.contains(.decorationManager))
        fractionalScaleManager = FractionalScaleManager(
            display: display, compositor: compositor, preferredScale: configuration.preferredFractionalScale,
            isOffered: offered.contains(.fractionalScaleManager))
        dataDeviceManager = DataDeviceManager(display: display)
        primarySelectionManager = PrimarySelectionManager(display: display)
        textInputManager = TextInputManager(display: display, keyboard: seat.keyboard, problems: problemLog)
        compositor.keepsBuffersUntilReplaced = configuration.keepsBuffersUntilReplaced
        compositor.onCommit = { [unowned self] _ in schedulePresentationIfNeeded() }
        glide_server_watch_resource_creation(display, { resource, context in
            guard let resource, let context else { return }
            let server = Unmanaged<Server>.fromOpaque(context).takeUnretainedValue()
            server.createdResourceCounts[String(cString: wl_resource_get_class(resource)), default: 0] += 1
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// How many resources of `interface` ("wl_buffer", "wl_shm_pool") clients created so far,
    /// destroyed or not.
    public func createdResourceCount(of interface: String) -> Int {
        createdResourceCounts[interface, default: 0]
    }

    /// How many resources of `interface` clients hold now.
    public func liveResourceCount(of interface: String) -> Int {
        var counter = (interface: interface, count: 0)
        for client in clients {
            withUnsafeMutablePointer(to: &counter) { pointer in
                wl_client_for_each_resource(client, { resource, data in
                    let counter = data!.assumingMemoryBound(to: (interface: String, count: Int).self)
                    if String(cString: wl_resource_get_class(resource)) == counter.pointee.interface {
                        counter.pointee.count += 1
                    }
                    return WL_ITERATOR_CONTINUE
                }, pointer)
            }
        }
        return counter.count
    }

    /// Every live surface of every client, oldest first.
    public var surfaces: [Surface] { compositor.surfaces }

    /// Every live toplevel window of every client, oldest first.
    public var toplevels: [XdgToplevel] { xdgShell.toplevels }

    /// The problems seen so far (protocol errors, misdirected events, unsupported requests).
    public var problems: [Problem] { problemLog.problems }

    /// Returns the problems seen so far and forgets them: for a test that expects some.
    public func takeProblems() -> [Problem] {
        problemLog.take()
    }

    /// How many clients are connected.
    public var clientCount: Int { clients.count }

    /// Cuts every client off at once, with no error and no goodbye, as a crashing
    /// compositor would.
    public func disconnectClients() {
        for client in clients { wl_client_destroy(client) }
    }

    private var clients: [OpaquePointer] {
        guard let list = wl_display_get_client_list(display) else { return [] }
        var result: [OpaquePointer] = []
        var link = list.pointee.next
        while let current = link, current != list {
            result.append(wl_client_from_link(current))
            link = current.pointee.next
        }
        return result
    }

    /// Stops watching for protocol errors; called before the display is destroyed.
    func tearDown() {
        stopPresentingFrames()
        errorLogger.remove()
    }
}
