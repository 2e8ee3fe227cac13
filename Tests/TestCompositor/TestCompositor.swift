import CWaylandServer
import Foundation
import Glibc

/// A Wayland compositor inside the test process, on its own socket in a private runtime
/// directory, for driving a real client: it injects touch, pointer, gesture and key events,
/// decides when frames happen, and reads the pixels the client commits.
///
/// After qtwayland's test compositor: a thread dispatches client requests while holding a
/// lock; a test touches the compositor's state only inside `exec` or `wait`, which hold the
/// same lock, so the two never race. Every wait has a timeout and fails with a message that
/// says what was awaited.
///
/// A `Configuration` chooses the optional globals (Sway's by default: xdg-decoration,
/// viewporter, presentation, pointer gestures; mutter's has no xdg-decoration; fractional
/// scaling on request). Time is the frame clock's: the test presents frames
/// (`presentFrameAndRoundtrip`, `presentFramesUntilIdle`) or lets every commit be presented at
/// once (`Server.presentsFramesOnCommit`), and `roundtrip` (an `xdg_wm_base` ping) waits until
/// a client has handled everything sent so far, so no step depends on timing.
///
/// ```swift
/// let compositor = try TestCompositor()
/// let client = try ClientProcess(glidePath, arguments: [document], compositor: compositor)
/// let toplevel = try compositor.wait("a mapped window") { $0.toplevels.first { $0.surface.committed.image != nil } }
/// try compositor.exec { server in
///     server.seat.touch.sendDown(on: toplevel.surface, id: 0, x: 100, y: 300, time: 1000)
///     server.seat.touch.sendFrame()
/// }
/// ```
public final class TestCompositor: @unchecked Sendable {
    /// Where clients find the compositor.
    public let runtimeDirectory: RuntimeDirectory
    /// The lock over `server`, and the signal that the thread dispatched something.
    private let condition = NSCondition()
    private let server: Server
    private let display: OpaquePointer
    /// Set under the lock to ask the thread to end; the thread then sets `hasStopped`.
    private var isStopping = false
    private var hasStopped = false
    private var isTornDown = false
    /// The thread that holds the lock inside `exec` or `wait`, to turn a nested call (which
    /// would deadlock, the lock not being recursive) into a clear failure.
    private var lockHolder: pthread_t?

    /// How long the thread sleeps in `poll` at most, so that it notices `stop` in time.
    private static let pollIntervalMilliseconds: Int32 = 10

    /// Starts the compositor and its thread, offering the optional globals of `configuration`
    /// (by default Sway's: server-side decorations, viewporter, presentation, gestures).
    public init(configuration: Configuration = Configuration()) throws(TestCompositorError) {
        runtimeDirectory = try RuntimeDirectory()
        guard let display = wl_display_create() else { throw .cannotStart("wl_display_create failed") }
        self.display = display
        do throws(TestCompositorError) {
            server = try Server(display: display, configuration: configuration)
            let socket = try runtimeDirectory.listen()
            guard wl_display_add_socket_fd(display, socket) == 0 else {
                close(socket)
                throw .cannotStart("wl_display_add_socket_fd failed")
            }
        } catch {
            wl_display_destroy(display)
            runtimeDirectory.remove()
            throw error
        }
        let thread = Thread { [self] in dispatchUntilStopped() }
        thread.name = "test compositor"
        thread.start()
    }

    deinit {
        stop()
    }

    /// The environment that makes a client connect to this compositor, with what a test adds
    /// for its clients (`extraEnvironment`: a home folder, no session bus).
    public var environment: [String: String] { runtimeDirectory.environment.merging(extraEnvironment) { _, extra in extra } }
    /// Variables a test sets for the clients it starts from now on.
    public var extraEnvironment: [String: String] = [:]

    /// Runs `body` with the compositor's state while the compositor's thread waits, then
    /// sends the events it queued.
    @discardableResult
    public func exec<Result>(_ body: (Server) throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        let result = try body(server)
        wl_display_flush_clients(display)
        return result
    }

    /// Waits until `check` returns a value, checking after everything the compositor
    /// dispatches, and returns it; throws `timedOut`, naming `description` and any
    /// problems seen, if that takes longer than `timeout`.
    ///
    /// The check runs with the lock held, like `exec`: it may also act (present a frame
    /// once a client waits for one), and whatever it sends is flushed.
    @discardableResult
    public func wait<Value>(_ description: String, timeout: Duration = .seconds(5),
                            until check: (Server) -> Value?) throws(TestCompositorError) -> Value {
        let deadline = Date().addingTimeInterval(timeout.seconds)
        lock()
        defer { unlock() }
        while true {
            if let value = check(server) {
                wl_display_flush_clients(display)
                return value
            }
            lockHolder = nil
            let signalled = condition.wait(until: deadline)
            lockHolder = pthread_self()
            if !signalled, Date() >= deadline {
                throw .timedOut(waitingFor: description, seconds: timeout.seconds, problems: server.problems)
            }
        }
    }

    /// Waits until every client has handled every event sent so far and the compositor has
    /// handled what the client sent in response (an `xdg_wm_base` ping and its pong): after
    /// a touch event, the commit that shows it has arrived, if the client drew one at once.
    public func roundtrip(_ description: String = "the clients to answer a ping",
                          timeout: Duration = .seconds(5)) throws(TestCompositorError) {
        let ping = exec { $0.xdgShell.ping() }
        try wait(description, timeout: timeout) { $0.xdgShell.isAnswered(ping) ? () : nil }
    }

    /// Takes the lock for the test's thread; a nested `exec` or `wait` is a test bug.
    private func lock() {
        if let holder = lockHolder, pthread_equal(holder, pthread_self()) != 0 {
            preconditionFailure("TestCompositor.exec or wait called inside exec or wait: it would deadlock")
        }
        condition.lock()
        lockHolder = pthread_self()
    }

    private func unlock() {
        lockHolder = nil
        condition.unlock()
    }

    /// Stops the thread, disconnects every client and removes the socket; the compositor
    /// cannot be used after that. Called by `deinit` if the test did not.
    public func stop() {
        condition.lock()
        isStopping = true
        while !hasStopped { condition.wait() }
        defer { condition.unlock() }
        guard !isTornDown else { return }
        isTornDown = true
        server.tearDown()
        wl_display_destroy_clients(display)
        wl_display_destroy(display)
        runtimeDirectory.remove()
    }

    /// The compositor's thread: sleeps in `poll` until a client writes (or a timer fires),
    /// then dispatches with the lock held and wakes the waiters.
    private func dispatchUntilStopped() {
        let loop = wl_display_get_event_loop(display)
        var descriptor = pollfd(fd: wl_event_loop_get_fd(loop), events: Int16(POLLIN), revents: 0)
        while true {
            _ = poll(&descriptor, 1, Self.pollIntervalMilliseconds)
            condition.lock()
            if isStopping {
                hasStopped = true
                condition.broadcast()
                condition.unlock()
                return
            }
            wl_event_loop_dispatch(loop, 0)
            wl_display_flush_clients(display)
            condition.broadcast()
            condition.unlock()
        }
    }
}

extension Duration {
    /// The duration in seconds, for `Date` arithmetic and messages.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
