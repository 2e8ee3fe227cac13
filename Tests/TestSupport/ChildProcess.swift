import Foundation

/// A program run by a test: its exit status and what it printed.
public struct ChildProcess {
    public let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    public init(_ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil) {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
    }

    public func start() throws {
        try process.run()
    }

    /// Waits at most `seconds` for the program to end; kills it and returns nil if it does not.
    ///
    /// Never waits without bound: Foundation learns that a child ended when a socket the child
    /// inherited closes, so a program whose own children keep that socket (a window it opened)
    /// looks alive after it ended, and `waitUntilExit()` would never return.
    @discardableResult
    public func waitForExit(seconds: Double) -> Int32? {
        guard !waitWhileRunning(seconds: seconds) else { return process.terminationStatus }
        process.terminate()
        if !waitWhileRunning(seconds: 5) {
            kill(process.processIdentifier, SIGKILL)
            _ = waitWhileRunning(seconds: 5)
        }
        return nil
    }

    /// Whether the program ended within `seconds`.
    private func waitWhileRunning(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline {
            usleep(20_000)
        }
        return !process.isRunning
    }

    public var standardOutput: String {
        String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    public var standardError: String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// What the program wrote to stderr so far, without waiting for the pipe's end: for a
    /// message about a program whose children (services a bus started) may hold it open.
    public var standardErrorSoFar: String {
        let descriptor = errors.fileHandleForReading.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs a program to the end and returns its status and output.
    public static func run(_ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
                    timeoutSeconds: Double = 30) throws -> (status: Int32?, output: String, error: String) {
        let child = ChildProcess(executable, arguments, environment: environment)
        try child.start()
        let status = child.waitForExit(seconds: timeoutSeconds)
        return (status, child.standardOutput, child.standardError)
    }
}

/// Where the package's built products are: beside the test executable (`*.xctest`).
public enum BuiltProducts {
    public static var directory: URL {
        let testExecutable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: testExecutable).deletingLastPathComponent()
    }

    public static func path(of product: String) -> String {
        directory.appendingPathComponent(product).path
    }

    /// The release build of a product (`make test` builds it before the tests).
    public static func releasePath(of product: String) -> String {
        directory.deletingLastPathComponent().appendingPathComponent("release").appendingPathComponent(product).path
    }
}
