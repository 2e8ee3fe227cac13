/// What the command line asked for.
struct CommandLineOptions {
    static let usage = "usage: glide [--help] [--version] [FILE]"

    /// The file to open, or nil for the bundled default document.
    var path: String?
    var showsHelp = false
    var showsVersion = false

    /// Parses the arguments after the program name.
    init(arguments: [String]) throws(UsageError) {
        var onlyOperands = false
        for argument in arguments {
            if !onlyOperands, argument.hasPrefix("-"), argument != "-" {
                switch argument {
                case "--": onlyOperands = true
                case "-h", "--help": showsHelp = true
                case "--version": showsVersion = true
                default: throw UsageError("unknown option '\(argument)'")
                }
            } else if path == nil {
                path = argument
            } else {
                throw UsageError("more than one file given ('\(argument)')")
            }
        }
    }

    static let help = """
        \(usage)

        Glide shows a document in a Wayland window and scrolls it by touch, touchpad, wheel
        and keyboard. Without FILE it opens its bundled guide.

          FILE          a UTF-8 text or Markdown (.md) file
          -h, --help    show this help and exit
          --version     show the version and exit

        Keys: Escape, q or Ctrl+Q quit.
        Exit status: 0 closed normally, 1 file or compositor error, 2 bad command line.
        """
}

/// A mistake on the command line.
struct UsageError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
