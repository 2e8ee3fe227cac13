/// Why a test compositor call failed; the message says what was awaited and what went wrong.
public enum TestCompositorError: Error, CustomStringConvertible {
    /// The display, its socket or its thread could not be set up.
    case cannotStart(String)
    /// An in-process client could not connect.
    case cannotConnect(String)
    /// A condition did not come true in time.
    case timedOut(waitingFor: String, seconds: Double, problems: [Problem])
    /// A client process could not be started or did not behave.
    case clientProcess(String)

    public var description: String {
        switch self {
        case .cannotStart(let reason):
            return "the test compositor cannot start: \(reason)"
        case .cannotConnect(let reason):
            return "cannot connect to the test compositor: \(reason)"
        case .timedOut(let awaited, let seconds, let problems):
            let seen = problems.isEmpty ? "" : "; problems seen: " + problems.map(\.description).joined(separator: "; ")
            return "timed out after \(seconds) s waiting for \(awaited)\(seen)"
        case .clientProcess(let reason):
            return "client process: \(reason)"
        }
    }
}
