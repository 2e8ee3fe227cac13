import Foundation
import GlideTools
import ScrollEngine

/// Reads a replay script: JSON Lines of `{"t": MS, "type": ..., ...}` (docs/replay.md).
enum ReplayScriptParser {
    /// The inputs of `script`, or an error naming the first bad line. Blank lines are skipped.
    static func parse(_ script: Data) throws(ReplayError) -> [ReplayInput] {
        guard let text = String(data: script, encoding: .utf8) else {
            throw ReplayError("the script is not UTF-8")
        }
        var inputs: [ReplayInput] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            do throws(ReplayError) {
                let input = try parseLine(trimmed)
                if let previous = inputs.last, input.timeMilliseconds < previous.timeMilliseconds {
                    throw ReplayError("\"t\" goes back in time")
                }
                inputs.append(input)
            } catch {
                throw ReplayError("line \(index + 1): \(error.message)")
            }
        }
        return inputs
    }

    private static func parseLine(_ line: String) throws(ReplayError) -> ReplayInput {
        let object: [String: JSONValue]
        do {
            object = try JSONDecoder().decode([String: JSONValue].self, from: Data(line.utf8))
        } catch {
            throw ReplayError("not a JSON object")
        }
        let fields = Fields(object: object)
        let time = try fields.number("t")
        guard case .string(let type) = object["type"] else {
            throw ReplayError("missing \"type\" string")
        }
        let event: ReplayEvent
        switch type {
        case "touch-down":
            event = .touchDown(id: try fields.integer("id"), point: try fields.point())
        case "touch-motion":
            event = .touchMotion(id: try fields.integer("id"), point: try fields.point())
        case "touch-up":
            event = .touchUp(id: try fields.integer("id"))
        case "touch-cancel":
            event = .touchCancel
        case "touch-frame":
            event = .touchFrame
        case "resize":
            let size = LogicalSize(width: try fields.number("width"), height: try fields.number("height"))
            guard size.width > 0, size.height > 0 else {
                throw ReplayError("\"width\" and \"height\" must be positive")
            }
            event = .resize(size)
        case "axis":
            event = .axis(
                source: try fields.axisSource(),
                delta: LogicalPoint(x: try fields.number("dx", default: 0), y: try fields.number("dy", default: 0)),
                value120: AxisPair(
                    horizontal: try fields.integer("value120x", default: 0),
                    vertical: try fields.integer("value120y", default: 0)),
                modifiers: try fields.modifiers())
        case "axis-stop":
            switch try fields.string("axis") {
            case "horizontal": event = .axisStop(horizontal: true, vertical: false)
            case "vertical": event = .axisStop(horizontal: false, vertical: true)
            case "both": event = .axisStop(horizontal: true, vertical: true)
            case let other: throw ReplayError("\"axis\" must be vertical, horizontal or both, not \"\(other)\"")
            }
        case "pinch-begin":
            event = .pinchBegin(try fields.point())
        case "pinch-update":
            let scale = try fields.number("scale")
            guard scale > 0 else { throw ReplayError("\"scale\" must be positive") }
            // The fingers' motion is checked but not used: the focal point is the pointer.
            _ = (try fields.number("dx", default: 0), try fields.number("dy", default: 0))
            event = .pinchUpdate(scale: scale)
        case "pinch-end":
            event = .pinchEnd(cancelled: try fields.bool("cancelled", default: false))
        case "hold-begin":
            event = .holdBegin
        case "hold-end":
            event = .holdEnd(cancelled: try fields.bool("cancelled", default: false))
        case "key":
            event = .key(name: try fields.string("key"), modifiers: try fields.modifiers())
        case "pointer-motion":
            event = .pointerMotion(try fields.point())
        case "pointer-button":
            event = .pointerButton(button: try fields.button(), pressed: try fields.buttonState())
        default:
            throw ReplayError("unknown event type \"\(type)\"")
        }
        return ReplayInput(timeMilliseconds: time, event: event)
    }

    /// Typed access to a line's fields, each error naming the field.
    private struct Fields {
        let object: [String: JSONValue]

        func number(_ key: String) throws(ReplayError) -> Double {
            guard case .number(let value) = object[key], value.isFinite else {
                throw ReplayError("missing or non-numeric \"\(key)\"")
            }
            return value
        }

        /// The number at `key`, or `fallback` when the line has no such field.
        func number(_ key: String, default fallback: Double) throws(ReplayError) -> Double {
            object[key] == nil ? fallback : try number(key)
        }

        func integer(_ key: String) throws(ReplayError) -> Int {
            let value = try number(key)
            guard value == value.rounded(), abs(value) < 1e15 else {
                throw ReplayError("\"\(key)\" must be an integer")
            }
            return Int(value)
        }

        func integer(_ key: String, default fallback: Int) throws(ReplayError) -> Int {
            object[key] == nil ? fallback : try integer(key)
        }

        func string(_ key: String) throws(ReplayError) -> String {
            guard case .string(let value) = object[key] else {
                throw ReplayError("missing or non-string \"\(key)\"")
            }
            return value
        }

        func bool(_ key: String, default fallback: Bool) throws(ReplayError) -> Bool {
            guard let value = object[key] else { return fallback }
            guard case .bool(let flag) = value else { throw ReplayError("\"\(key)\" must be true or false") }
            return flag
        }

        func point() throws(ReplayError) -> LogicalPoint {
            LogicalPoint(x: try number("x"), y: try number("y"))
        }

        func axisSource() throws(ReplayError) -> PointerAxisSource {
            let name = try string("source")
            guard let source = PointerAxisSource(rawValue: name) else {
                throw ReplayError("\"source\" must be finger, wheel or continuous, not \"\(name)\"")
            }
            return source
        }

        /// `mods`: an array of "shift", "ctrl", "alt", "logo"; none when absent.
        func modifiers() throws(ReplayError) -> InputModifiers {
            guard let value = object["mods"] else { return [] }
            guard case .array(let names) = value else { throw ReplayError("\"mods\" must be an array") }
            var modifiers: InputModifiers = []
            for name in names {
                switch name {
                case .string("shift"): modifiers.insert(.shift)
                case .string("ctrl"): modifiers.insert(.control)
                case .string("alt"): modifiers.insert(.alt)
                case .string("logo"): modifiers.insert(.logo)
                default: throw ReplayError("\"mods\" may hold only \"shift\", \"ctrl\", \"alt\" and \"logo\"")
                }
            }
            return modifiers
        }

        /// `button`: an evdev code, or "left", "right" or "middle".
        func button() throws(ReplayError) -> UInt32 {
            switch object["button"] {
            case .string("left"): return 0x110
            case .string("right"): return 0x111
            case .string("middle"): return 0x112
            case .number:
                let code = try integer("button")
                guard (0...0xFFFF).contains(code) else { throw ReplayError("\"button\" is not an evdev code") }
                return UInt32(code)
            default:
                throw ReplayError("\"button\" must be an evdev code or left, right or middle")
            }
        }

        /// `state`: "pressed" (true) or "released".
        func buttonState() throws(ReplayError) -> Bool {
            switch try string("state") {
            case "pressed": return true
            case "released": return false
            case let other: throw ReplayError("\"state\" must be pressed or released, not \"\(other)\"")
            }
        }
    }
}
