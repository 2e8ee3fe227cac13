import Glibc
import Localization

/// A system call that failed: what it was for and the system's own words for why.
public struct SystemError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What could not be had (`inotify`, `timerfd`, a path).
    public var subject: String
    /// The system's wording (`Too many open files`).
    public var reason: String

    public init(_ subject: String, errno code: Int32) {
        self.subject = subject
        reason = String(cString: strerror(code))
    }

    public var description: String { localized("cannot open '%1$s': %2$s", subject, reason) }
}
