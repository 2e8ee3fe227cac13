import CWaylandServer

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
    /// The frame times that `presentFrame` hands out.
    public var frameClock = FrameClock()

    let display: OpaquePointer
    private let problemLog = ProblemLog()
    private let errorLogger: ProtocolErrorLogger
    /// The timer of `startPresentingFrames` and its interval in ms, while it runs.
    var frameTimer: (source: OpaquePointer, intervalMilliseconds: Int32)?

    init(display: OpaquePointer) throws(TestCompositorError) {
        self.display = display
        try Shm.install(on: display)
        errorLogger = ProtocolErrorLogger(display: display, problems: problemLog)
        output = Output(display: display)
        compositor = Compositor(display: display, output: output)
        subcompositor = Subcompositor(display: display, compositor: compositor)
        seat = try Seat(display: display, compositor: compositor, problems: problemLog)
        pointerGestures = PointerGestures(display: display, problems: problemLog)
        xdgShell = XdgShell(display: display, compositor: compositor, problems: problemLog)
        viewporter = Viewporter(display: display, compositor: compositor)
        presentation = Presentation(display: display, compositor: compositor)
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
