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
            case "--viewport": options.viewportSize = try Self.size(try value(), for: argument)
            case "--content": options.contentSize = try Self.size(try value(), for: argument)
            case "--paging": options.isPagingEnabled = true
            case "--page-control": options.showsPageControl = true
            case "--zoom": options.zoomScaleRange = try Self.zoomRange(try value())
            case "--deceleration": options.decelerationRate = try Self.decelerationRate(try value())
            case "--directional-lock": options.isDirectionalLockEnabled = true
            case "--split": options.isSplit = true
            case "--hz":
                options.framesPerSecond = try Self.positiveNumber(try value(), for: argument)
            case "--until":
                let milliseconds = try Self.number(try value(), for: argument)
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

    private static func number(_ text: String, for option: String) throws(ReplayError) -> Double {
        guard let number = Double(text), number.isFinite else {
            throw ReplayError("\(option): \"\(text)\" is not a number")
        }
        return number
    }

    private static func positiveNumber(_ text: String, for option: String) throws(ReplayError)
        -> Double
    {
        let number = try number(text, for: option)
        guard number > 0 else { throw ReplayError("\(option) must be positive") }
        return number
    }

    private static func size(_ text: String, for option: String) throws(ReplayError) -> LogicalSize {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ReplayError("\(option) takes WxH, not \"\(text)\"") }
        return LogicalSize(
            width: try positiveNumber(String(parts[0]), for: option),
            height: try positiveNumber(String(parts[1]), for: option))
    }

    private static func zoomRange(_ text: String) throws(ReplayError) -> ClosedRange<Double> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ReplayError("--zoom takes MIN:MAX, not \"\(text)\"") }
        let minimum = try positiveNumber(String(parts[0]), for: "--zoom")
        let maximum = try positiveNumber(String(parts[1]), for: "--zoom")
        guard minimum <= maximum else { throw ReplayError("--zoom MIN must not exceed MAX") }
        return minimum...maximum
    }

    private static func decelerationRate(_ text: String) throws(ReplayError) -> DecelerationRate {
        switch text {
        case "normal": return .normal
        case "fast": return .fast
        default:
            let factor = try number(text, for: "--deceleration")
            guard let rate = DecelerationRate(factorPerMillisecond: factor) else {
                throw ReplayError("--deceleration RATE must be between 0 and 1")
            }
            return rate
        }
    }
}
