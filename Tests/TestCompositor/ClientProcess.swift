import Foundation

/// A client program run as a child process and connected to a test compositor: it inherits
/// the test's environment, except that it finds only this compositor.
public final class ClientProcess: @unchecked Sendable {
    private let process = Process()
    private let errors = Pipe()

    /// Starts `executable` with `arguments`, and `overrides` in its environment (a session
    /// bus of the test's own).
    public init(_ executable: String, arguments: [String] = [], compositor: TestCompositor,
                environment overrides: [String: String] = [:]) throws(TestCompositorError) {
        var environment = ProcessInfo.processInfo.environment
        // WAYLAND_SOCKET would take precedence over WAYLAND_DISPLAY.
        environment["WAYLAND_SOCKET"] = nil
        environment.merge(compositor.environment) { _, new in new }
        environment.merge(overrides) { _, new in new }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .clientProcess("cannot start \(executable): \(error)")
        }
    }

    /// Kills the program if the test left it running.
    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// The process id, as the compositor's problems name clients.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the program still runs.
    public var isRunning: Bool { process.isRunning }

    /// Waits for the program to end and returns its exit status; throws if it does not end
    /// within `timeout` (the program is then killed).
    @discardableResult
    public func waitForExit(timeout: Duration = .seconds(5)) throws(TestCompositorError) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout.seconds)
        while process.isRunning, Date() < deadline {
            usleep(5_000)
        }
        guard !process.isRunning else {
            process.terminate()
            process.waitUntilExit()
            throw .clientProcess("still running after \(timeout.seconds) s; stderr: \(standardError)")
        }
        return process.terminationStatus
    }

    /// What the program wrote to stderr; read once it has ended.
    public private(set) lazy var standardError: String = {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }()
}
