/// What changed in drawn content.
public enum ContentChange: Equatable, Sendable {
    case none
    /// Content between these y coordinates (zoom 1, logical px) moved or was redrawn; the
    /// rest is as it was.
    case band(ClosedRange<Double>)
    case everything

    /// Both changes together.
    public func union(_ other: ContentChange) -> ContentChange {
        switch (self, other) {
        case (.none, _): return other
        case (_, .none): return self
        case (.band(let first), .band(let second)):
            return .band(min(first.lowerBound, second.lowerBound)...max(first.upperBound, second.upperBound))
        default: return .everything
        }
    }
}

/// A record of recent changes, so a renderer can ask what changed since the revision it drew.
public struct ChangeLog: Sendable {
    public private(set) var revision = 0
    private var entries: [(revision: Int, change: ContentChange)] = []
    /// Enough for the frames in flight of a few buffers; older revisions count as everything.
    private static let capacity = 64

    public init() {}

    public mutating func record(_ change: ContentChange) {
        revision += 1
        entries.append((revision, change))
        if entries.count > ChangeLog.capacity { entries.removeFirst(entries.count - ChangeLog.capacity) }
    }

    public func changes(since revision: Int) -> ContentChange {
        guard revision < self.revision else { return .none }
        guard let oldest = entries.first, oldest.revision <= revision + 1 else { return .everything }
        return entries.filter { $0.revision > revision }.reduce(ContentChange.none) { $0.union($1.change) }
    }
}
