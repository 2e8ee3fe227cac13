import GlideTools
import ScrollEngine
import ScrollPhysics

/// The parsed command line: the replay options and the script to read.
struct ReplayCommand {
    var options = ReplayOptions()
    /// The script's path, or "-" for standard input.
    var scriptPath = ""

    init(arguments: [String]) throws(ReplayError) {
        var remaining = arguments[...]
        var scriptPath: String?
        while let argument = remaining.popFirst() {
            func value() throws(ReplayError) -> String {
                guard let value = remaining.popFirst() else {
                    throw ReplayError("\(argument) needs a value")
                }
                return value
            }
            switch argument {
            case "--viewport":
                let text = try value()
                options.viewportSize = try Self.parsed { () throws(OptionValue.Problem) in try OptionValue.size(text, for: argument) }
            case "--content":
                let text = try value()
                options.contentSize = try Self.parsed { () throws(OptionValue.Problem) in try OptionValue.size(text, for: argument) }
            case "--paging": options.isPagingEnabled = true
            case "--page-control": options.showsPageControl = true
            case "--zoom":
                let text = try value()
                options.zoomScaleRange = try Self.parsed { () throws(OptionValue.Problem) in
                    try OptionValue.zoomRange(text, for: argument)
                }
            case "--deceleration":
                let text = try value()
                options.decelerationRate = try Self.parsed { () throws(OptionValue.Problem) in
                    try OptionValue.decelerationRate(text, for: argument)
                }
            case "--directional-lock": options.isDirectionalLockEnabled = true
            case "--split": options.isSplit = true
            case "--hz":
                let text = try value()
                options.framesPerSecond = try Self.parsed { () throws(OptionValue.Problem) in
                    try OptionValue.positiveNumber(text, for: argument)
                }
            case "--until":
                let text = try value()
                let milliseconds = try Self.parsed { () throws(OptionValue.Problem) in
                    try OptionValue.number(text, for: argument)
                }
                guard milliseconds >= 0 else { throw ReplayError("--until must not be negative") }
                options.untilMilliseconds = milliseconds
            default:
                guard argument == "-" || !argument.hasPrefix("-") else {
                    throw ReplayError("unknown option \(argument)")
                }
                guard scriptPath == nil else { throw ReplayError("more than one SCRIPT") }
                scriptPath = argument
            }
        }
        guard let scriptPath else { throw ReplayError("missing SCRIPT") }
        self.scriptPath = scriptPath
    }

    /// Parses a value with the rules `glide` shares, reporting problems as replay errors.
    private static func parsed<Value>(_ parse: () throws(OptionValue.Problem) -> Value) throws(ReplayError) -> Value {
        do {
            return try parse()
        } catch {
            throw ReplayError(error.message)
        }
    }
}
