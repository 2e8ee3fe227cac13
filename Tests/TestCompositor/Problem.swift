/// Something that went wrong between the compositor and a client, reported so that a test
/// fails with a clear message instead of a hang or a silent no-op.
public struct Problem: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// A protocol error was sent to a client (which then disconnects), whether the test
        /// compositor or libwayland itself (an unknown object id, a malformed request) found it.
        case protocolError
        /// The test asked for an event the protocol does not allow: to a destroyed surface, to
        /// a client without the device, a motion for a touch point that is not down.
        case misdirectedEvent
        /// The client asked for something the test compositor does not implement.
        case unsupportedRequest
    }

    public let kind: Kind
    public let message: String

    public var description: String { "\(kind): \(message)" }
}

/// The problems seen so far; each one is also printed at once, so it shows in the test's
/// output next to what caused it.
final class ProblemLog {
    private(set) var problems: [Problem] = []

    func report(_ kind: Problem.Kind, _ message: String) {
        let problem = Problem(kind: kind, message: message)
        print("test compositor: \(problem)")
        problems.append(problem)
    }

    /// Returns the problems seen so far and forgets them.
    func take() -> [Problem] {
        defer { problems = [] }
        return problems
    }
}
