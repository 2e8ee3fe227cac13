import GlideTools
import ScrollEngine
import ScrollPhysics

/// What the command line asked for.
struct CommandLineOptions {
    static let usage = "usage: glide [OPTIONS] [FILE|DIRECTORY]... (see glide --help)"

    /// The files or directories to open; empty for the bundled guide.
    var paths: [String] = []
    var showsHelp = false
    var showsVersion = false
    /// Show a document as horizontal pages with a page control.
    var isPagingEnabled = false
    /// Hide the page control of paged views.
    var showsPageControl = true
    /// Zoom limits; equal bounds turn zoom off. Nil: the viewer's defaults.
    var zoomRange: ClosedRange<Double>?
    var decelerationRate = DecelerationRate.normal
    var isDirectionalLockEnabled = false
    /// The outline above horizontally paged pages.
    var isSplit = false
    /// Light text on a dark page.
    var isDark = false
    /// Where to write the frame trace (`-` for stdout), if anywhere.
    var tracePath: String?
    /// The window's initial size in logical px.
    var windowSize = LogicalSize(width: 1024, height: 768)

    /// The largest window side accepted, in logical px (beyond any screen made today, and
    /// small enough that a buffer stays within the memory budget).
    static let maximumWindowSidePixels = 16_384.0
    /// The smallest window side accepted, in logical px: a side that rounds to no pixel at
    /// all cannot have a buffer.
    static let minimumWindowSidePixels = 1.0

    /// Parses the arguments after the program name.
    init(arguments: [String]) throws(UsageError) {
        var onlyOperands = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard !onlyOperands, argument.hasPrefix("-"), argument != "-" else {
                paths.append(argument)
                continue
            }
            let (name, attachedValue) = CommandLineOptions.split(argument)
            func value() throws(UsageError) -> String {
                if let attachedValue { return attachedValue }
                guard let next = remaining.popFirst() else { throw UsageError("option '\(name)' needs a value") }
                return next
            }
            if attachedValue != nil, !CommandLineOptions.optionsWithValues.contains(name) {
                throw UsageError("option '\(name)' takes no value")
            }
            do {
                switch name {
                case "--": onlyOperands = true
                case "-h", "--help": showsHelp = true
                case "--version": showsVersion = true
                case "--paging": isPagingEnabled = true
                case "--no-page-control": showsPageControl = false
                case "--zoom": zoomRange = try OptionValue.zoomRange(try value(), for: name)
                case "--deceleration": decelerationRate = try OptionValue.decelerationRate(try value(), for: name)
                case "--directional-lock": isDirectionalLockEnabled = true
                case "--split": isSplit = true
                case "--dark": isDark = true
                case "--trace": tracePath = try value()
                case "--size":
                    let text = try value()
                    let size = try OptionValue.size(text, for: name)
                    guard size.width <= Self.maximumWindowSidePixels, size.height <= Self.maximumWindowSidePixels else {
                        throw UsageError("--size is limited to \(Int(Self.maximumWindowSidePixels)) px a side")
                    }
                    let rounded = LogicalSize(width: size.width.rounded(), height: size.height.rounded())
                    guard rounded.width >= Self.minimumWindowSidePixels, rounded.height >= Self.minimumWindowSidePixels else {
                        throw UsageError("--size needs at least \(Int(Self.minimumWindowSidePixels)) px a side, not \"\(text)\"")
                    }
                    windowSize = rounded
                default: throw UsageError("unknown option '\(argument)'")
                }
            } catch let problem as OptionValue.Problem {
                throw UsageError(problem.message)
            } catch let error as UsageError {
                throw error
            } catch {
                throw UsageError("\(error)")
            }
        }
        if isSplit && paths.count > 1 { throw UsageError("--split shows one document, not \(paths.count)") }
    }

    private static let optionsWithValues: Set<String> = ["--zoom", "--deceleration", "--trace", "--size"]

    /// `--name=value` as its two parts; other arguments have no attached value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    static let help = """
        usage: glide [OPTIONS] [FILE|DIRECTORY]...

        Glide shows documents and images in a Wayland window and scrolls them by touch,
        touchpad, wheel and keyboard. Without FILE it opens its bundled guide.

          FILE                  a UTF-8 text or Markdown (.md) file
          --paging              show a document as horizontal pages with a page control
          --no-page-control     hide the page control
          --zoom MIN:MAX        zoom limits (equal values turn zoom off)
          --deceleration normal|fast|RATE
                                how fast a flick slows: 0.998 or 0.99 per ms, or RATE
          --directional-lock    a drag that starts along one axis stays on it
          --split               the outline above the document's pages
          --dark                light text on a dark page
          --size WxH            the window's initial size in logical px (default 1024x768)
          --trace FILE          write one JSON line per committed frame to FILE (- for
                                stdout); an existing FILE is overwritten
          -h, --help            show this help and exit
          --version             show the version and exit

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
