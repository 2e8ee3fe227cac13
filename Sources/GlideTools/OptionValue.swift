import Localization
import ScrollEngine
import ScrollPhysics

/// Parses the command-line values that `glide` and `glide-replay` share, so both accept and
/// reject the same spellings with the same words.
public enum OptionValue {
    /// A value that does not parse; `message` names the option and the problem.
    public struct Problem: Error, Sendable {
        public let message: String
    }

    /// A finite number.
    public static func number(_ text: String, for option: String) throws(Problem) -> Double {
        guard let number = Double(text), number.isFinite else {
            throw Problem(message: localized("%1$s: \"%2$s\" is not a number", option, text))
        }
        return number
    }

    /// A finite number above zero.
    public static func positiveNumber(_ text: String, for option: String) throws(Problem) -> Double {
        let number = try number(text, for: option)
        guard number > 0 else { throw Problem(message: localized("%s must be positive", option)) }
        return number
    }

    /// `WxH` in logical px.
    public static func size(_ text: String, for option: String) throws(Problem) -> LogicalSize {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw Problem(message: localized("%1$s takes WxH, not \"%2$s\"", option, text)) }
        return LogicalSize(
            width: try positiveNumber(String(parts[0]), for: option),
            height: try positiveNumber(String(parts[1]), for: option))
    }

    /// `MIN:MAX` zoom scales; equal bounds turn zoom off.
    public static func zoomRange(_ text: String, for option: String) throws(Problem) -> ClosedRange<Double> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw Problem(message: localized("%1$s takes MIN:MAX, not \"%2$s\"", option, text)) }
        let minimum = try positiveNumber(String(parts[0]), for: option)
        let maximum = try positiveNumber(String(parts[1]), for: option)
        guard minimum <= maximum else { throw Problem(message: localized("%s MIN must not exceed MAX", option)) }
        return minimum...maximum
    }

    /// `normal` (0.998 per ms), `fast` (0.99) or a factor between 0 and 1.
    public static func decelerationRate(_ text: String, for option: String) throws(Problem) -> DecelerationRate {
        switch text {
        case "normal": return .normal
        case "fast": return .fast
        default:
            let factor = try number(text, for: option)
            guard let rate = DecelerationRate(factorPerMillisecond: factor) else {
                throw Problem(message: localized("%s RATE must be between 0 and 1", option))
            }
            return rate
        }
    }
}
