import Foundation

/// One line of glide's `--trace FILE`: the engine's state for one committed frame (the
/// replay tool's frame object, docs/replay.md) plus when it was committed and presented.
public struct TraceFrame: Decodable, Equatable, CustomStringConvertible {
    /// The frame time in ms: the frame callback's time, or the latest input's.
    public let t: Double
    /// The content offset in px; negative or past the end while rubber-banding.
    public let x: Double
    public let y: Double
    public let zoom: Double
    /// idle, tracking, dragging, decelerating, bouncing, animating or zooming.
    public let phase: String
    public let page: Int
    public let pages: Int
    /// The indicators' opacity, 0 to 1.
    public let vIndicator: Double
    public let hIndicator: Double
    /// Monotonic ms of the commit, and the presentation time reported for it (nil if the
    /// commit was replaced before it was shown).
    public let commit_ms: Double?
    public let presented_ms: Double?

    public var description: String { "t=\(t) y=\(y) \(phase) v=\(vIndicator)" }
}

/// The frames of a trace file, in commit order.
public enum FrameTrace {
    /// Reads every complete line of the trace at `path` (none if the file is still empty).
    public static func read(_ path: String) throws -> [TraceFrame] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let decoder = JSONDecoder()
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            try decoder.decode(TraceFrame.self, from: Data(line.utf8))
        }
    }
}

extension Array where Element == TraceFrame {
    /// The frames from the first one in `phase` on.
    public func from(phase: String) -> ArraySlice<TraceFrame> {
        guard let start = firstIndex(where: { $0.phase == phase }) else { return [] }
        return self[start...]
    }

    /// The differences of y between consecutive frames.
    public var yIncrements: [Double] {
        zip(dropFirst(), self).map { $0.y - $1.y }
    }
}

extension ArraySlice where Element == TraceFrame {
    public var yIncrements: [Double] { Array(self).yIncrements }
}

extension Array where Element == TraceFrame {
    /// The mean vertical speed between consecutive frames with different times, px/ms.
    /// (Frame callbacks carry whole ms, so at 60 Hz frames are 16 or 17 ms apart and the
    /// increments of y alone wobble.)
    public var ySpeeds: [Double] {
        zip(dropFirst(), self).compactMap { later, earlier in
            later.t > earlier.t ? (later.y - earlier.y) / (later.t - earlier.t) : nil
        }
    }

    /// A few numbers of a long list, for failure messages.
    public static func brief(_ values: [Double]) -> String {
        let rounded = values.map { ($0 * 1000).rounded() / 1000 }
        if rounded.count <= 12 { return "\(rounded)" }
        return "\(rounded.prefix(6)) … \(rounded.suffix(3)) (\(rounded.count) values)"
    }
}
