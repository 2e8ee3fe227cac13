/// The way back and the way forward (Alt+Left, Alt+Right) as kept between runs beside a
/// document's reading position: each place a file and a reading position in it, so the
/// history survives a restart.
public struct ReadingHistory: Codable, Equatable, Sendable {
    /// One place: the file it is in (absolute), and where.
    public struct Place: Codable, Equatable, Sendable {
        public var path: String
        public var anchor: ReadingAnchor
        /// The sideways offset at zoom 1, and how far below the anchor's offset the reader
        /// was (see the viewer's `HistoryPlace`).
        public var x: Double
        public var yRemainder: Double

        public init(path: String, anchor: ReadingAnchor, x: Double, yRemainder: Double) {
            self.path = path
            self.anchor = anchor
            self.x = x
            self.yRemainder = yRemainder
        }

        /// Whether it can be a place: an absolute path and finite numbers (a state file is
        /// untrusted input).
        public var isValid: Bool {
            path.hasPrefix("/") && !path.utf8.contains(0) && anchor.fraction.isFinite && x.isFinite && yRemainder.isFinite
                && anchor.section >= 0 && anchor.block >= 0
        }
    }

    /// Oldest first; the last is the first step back.
    public var back: [Place]
    /// Farthest first; the last is the first step forward.
    public var forward: [Place]

    public init(back: [Place] = [], forward: [Place] = []) {
        self.back = back
        self.forward = forward
    }

    public var isEmpty: Bool { back.isEmpty && forward.isEmpty }

    /// The history without its invalid places, and at most `capacity` each way (the newest).
    public func validated(capacity: Int) -> ReadingHistory {
        ReadingHistory(back: Array(back.filter(\.isValid).suffix(capacity)),
                       forward: Array(forward.filter(\.isValid).suffix(capacity)))
    }

    /// Drops the place farthest from the reader (the oldest back, else the farthest forward):
    /// to fit a bounded record. False when there is none left.
    public mutating func dropFarthest() -> Bool {
        if back.count >= forward.count, !back.isEmpty {
            back.removeFirst()
        } else if !forward.isEmpty {
            forward.removeFirst()
        } else {
            return false
        }
        return true
    }
}
