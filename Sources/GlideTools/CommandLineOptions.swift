import GlideTools
import Localization
import ScrollEngine
import ScrollPhysics

/// What the command line asked for.
public struct CommandLineOptions {
    /// The pointer to `--help` that ends every command-line error.
    public static var usage: String { HelpText.usagePointer }

    /// The files or directories to open; empty for the bundled guide.
    public var paths: [String] = []
    public var showsHelp = false
    public var showsVersion = false
    /// Show a document as horizontal pages with a page control.
    public var isPagingEnabled = false
    /// Hide the page control of paged views.
    public var showsPageControl = true
    /// Zoom limits; equal bounds turn zoom off. Nil: the viewer's defaults.
    public var zoomRange: ClosedRange<Double>?
    public var decelerationRate = DecelerationRate.normal
    public var isDirectionalLockEnabled = false
    /// The outline above horizontally paged pages.
    public var isSplit = false
    /// Start with night pages: light text on a dark page, and pages with their lightness
    /// inverted (`Palette.dark`).
    public var isDark = false
    /// Read pages right to left, the first at the right (a manga), whatever the document says.
    public var readsRightToLeft = false
    /// Where to write the frame trace (`-` for stdout), if anywhere.
    public var tracePath: String?
    /// Where to write the document as a PDF instead of showing it, if anywhere.
    public var exportPath: String?
    /// The window's initial size in logical px.
    public var windowSize = LogicalSize(width: 1024, height: 768)

    /// The largest window side accepted, in logical px: beyond any screen made today, and a
    /// window this large draws at any scale (at 16384×16384 px a buffer is 1 GiB, the most
    /// wl_shm holds; at a higher scale the window draws at the scale that fits, see
    /// `Window.maximumBufferSidePixels`).
    static let maximumWindowSidePixels = 16_384.0
    /// The smallest window side accepted, in logical px: a side that rounds to no pixel at
    /// all cannot have a buffer.
    static let minimumWindowSidePixels = 1.0

    /// Parses the arguments after the program name.
    public init(arguments: [String]) throws(UsageError) {
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
                guard let next = remaining.popFirst() else { throw UsageError(localized("option '%s' needs a value", name)) }
                return next
            }
            if attachedValue != nil, !CommandLineOptions.optionsWithValues.contains(name) {
                throw UsageError(localized("option '%s' takes no value", name))
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
                case "--right-to-left": readsRightToLeft = true
                case "--trace": tracePath = try value()
                case "--export-pdf": exportPath = try value()
                case "--size":
                    let text = try value()
                    let size = try OptionValue.size(text, for: name)
                    guard size.width <= Self.maximumWindowSidePixels, size.height <= Self.maximumWindowSidePixels else {
                        throw UsageError(localized("--size is limited to %s px a side",
                                                   String(Int(Self.maximumWindowSidePixels))))
                    }
                    let rounded = LogicalSize(width: size.width.rounded(), height: size.height.rounded())
                    guard rounded.width >= Self.minimumWindowSidePixels, rounded.height >= Self.minimumWindowSidePixels else {
                        throw UsageError(localized("--size needs at least %1$s px a side, not \"%2$s\"",
                                                   String(Int(Self.minimumWindowSidePixels)), text))
                    }
                    windowSize = rounded
                default: throw UsageError(localized("unknown option '%s'", argument))
                }
            } catch let problem as OptionValue.Problem {
                throw UsageError(problem.message)
            } catch let error as UsageError {
                throw error
            } catch {
                throw UsageError("\(error)")
            }
        }
        if isSplit && paths.count > 1 { throw UsageError(localized("--split shows one document, not %s", String(paths.count))) }
        if exportPath != nil && paths.count != 1 {
            throw UsageError(localized("--export-pdf writes one document, not %s", String(paths.count)))
        }
    }

    private static let optionsWithValues: Set<String> = ["--zoom", "--deceleration", "--trace", "--size", "--export-pdf"]

    /// `--name=value` as its two parts; other arguments have no attached value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// `glide --help`, in the user's language.
    /// `--help`, FILE being what `fileKinds` (the registered kinds' descriptions) describe.
    public static func help(fileKinds: [String]) -> String { HelpText.text(fileKinds: fileKinds) }
}

/// A mistake on the command line.
public struct UsageError: Error {
    public let message: String

    init(_ message: String) {
        self.message = message
    }
}
