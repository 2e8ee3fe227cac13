import Glibc

/// The documented exit statuses of `glide` (see the README).
enum ExitStatus: Int32 {
    /// The window was closed normally.
    case success = 0
    /// A file could not be opened, or the compositor could not be reached or went away.
    case failure = 1
    /// The command line was wrong.
    case usage = 2
}

/// Writes one line to stderr, prefixed with the program name; control characters in
/// `message` (from a file name) are escaped, so it stays one line.
func printError(_ message: String) {
    var line = "glide: \(OneLineText.escaping(message))\n"
    line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

/// Reports `message` and ends the process with `status`.
func exit(_ status: ExitStatus, _ message: String) -> Never {
    printError(message)
    exit(status.rawValue)
}
