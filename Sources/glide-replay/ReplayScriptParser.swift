import Foundation
import ScrollEngine

/// Reads a replay script: JSON Lines of `{"t": MS, "type": ..., ...}` (docs/replay.md).
enum ReplayScriptParser {
    /// The event types the gestures issue adds; named so the error says they are not yet here.
    private static let laterTypes: Set<String> = [
        "axis", "axis-stop", "pinch-begin", "pinch-update", "pinch-end", "hold-begin",
        "hold-end", "key", "pointer-motion",
    ]

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
        default:
            if laterTypes.contains(type) {
                throw ReplayError("event type \"\(type)\" is not supported yet")
            }
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

        func integer(_ key: String) throws(ReplayError) -> Int {
            let value = try number(key)
            guard value == value.rounded(), abs(value) < 1e15 else {
                throw ReplayError("\"\(key)\" must be an integer")
            }
            return Int(value)
        }

        func point() throws(ReplayError) -> LogicalPoint {
            LogicalPoint(x: try number("x"), y: try number("y"))
        }
    }
}
