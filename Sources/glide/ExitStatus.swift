import Glibc
import Machinery

/// The documented exit statuses of `glide` (see the README).
enum ExitStatus: Int32 {
    /// The window was closed normally.
    case success = 0
    /// A file could not be opened, or the compositor could not be reached or went away.
    case failure = 1
    /// The command line was wrong.
    case usage = 2
}

/// Reports `message` and ends the process with `status`.
func exit(_ status: ExitStatus, _ message: String) -> Never {
    printError(message)
    ProcessExit.end(status: status.rawValue)
}
