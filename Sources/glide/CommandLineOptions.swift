/// What the command line asked for.
struct CommandLineOptions {
    static let usage = "usage: glide [--help] [--version] [--trace FILE] [FILE]"

    /// The file to open, or nil for the bundled default document.
    var path: String?
    var showsHelp = false
    var showsVersion = false
    /// Where to write the frame trace (`-` for stdout), if anywhere.
    var tracePath: String?

    /// Parses the arguments after the program name.
    init(arguments: [String]) throws(UsageError) {
        var onlyOperands = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if !onlyOperands, argument.hasPrefix("-"), argument != "-" {
                let (name, attachedValue) = CommandLineOptions.split(argument)
                func value() throws(UsageError) -> String {
                    if let attachedValue { return attachedValue }
                    guard let next = remaining.popFirst() else { throw UsageError("option '\(name)' needs a value") }
                    return next
                }
                switch name {
                case "--": onlyOperands = true
                case "-h", "--help": showsHelp = true
                case "--version": showsVersion = true
                case "--trace": tracePath = try value()
                default: throw UsageError("unknown option '\(argument)'")
                }
            } else if path == nil {
                path = argument
            } else {
                throw UsageError("more than one file given ('\(argument)')")
            }
        }
    }

    /// `--name=value` as its two parts; other arguments have no attached value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    static let help = """
        \(usage)

        Glide shows a document in a Wayland window and scrolls it by touch, touchpad, wheel
        and keyboard. Without FILE it opens its bundled guide.

          FILE          a UTF-8 text or Markdown (.md) file
          --trace FILE  write one JSON line per committed frame to FILE (- for stdout);
                        an existing FILE is never overwritten
          -h, --help    show this help and exit
          --version     show the version and exit

        Touch: drag, flick, catch. Keys: F11 fullscreen; Escape leaves fullscreen or quits;
        q or Ctrl+Q quit.
        Exit status: 0 closed normally (also on SIGINT, SIGTERM, SIGHUP), 1 file or compositor
        error, 2 bad command line.
        """
}

/// A mistake on the command line.
struct UsageError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
