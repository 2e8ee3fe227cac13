/// Content the renderer can draw in tiles: a laid-out document or an image collection.
///
/// Coordinates are logical px of the content at zoom 1, y downwards from the top-left.
public protocol ContentLayout: AnyObject {
    /// The colours the content is drawn with; changing them redraws everything.
    var palette: Palette { get set }

    /// The content's size at zoom 1 in logical px; it changes as estimates become exact.
    var contentSize: ContentSize { get }

    /// Counts changes to what is drawn where; see `changes(since:)`.
    var revision: Int { get }

    /// What moved or was redrawn after `revision`.
    func changes(since revision: Int) -> ContentChange

    /// Lays the content out for a viewport of `width`×`height` logical px, keeping the
    /// reading position (see `anchorOffset`).
    func setViewportSize(width: Double, height: Double)

    /// The content offset (zoom 1, logical px) that shows the reading position: after
    /// `setViewportSize` the app scrolls here so the block that was at the top stays there.
    var anchorOffset: ContentPoint { get }

    /// The reading position, to remember between runs; setting it (before the first
    /// `setViewportSize`, or followed by a scroll to `anchorOffset`) returns there.
    var readingAnchor: ReadingAnchor { get set }

    /// Makes everything within `margin` logical px of `visible` ready to draw (so content is
    /// laid out before it scrolls into view; `draw` may leave the rest blank) and notes the
    /// reading position at `visible`'s top. Returns how far, in logical px at zoom 1, the
    /// content there moved right and down (estimates before it that could not absorb a
    /// correction): add it to the offset.
    func prepare(_ visible: ContentRect, margin: Double) -> ContentPoint

    /// Draws the content that meets `rect` onto `cairo`, whose user space maps content
    /// coordinates; the page colour is already painted.
    func draw(_ rect: ContentRect, on cairo: OpaquePointer)

    /// The name of what page `page` (from 0) of paged content shows when the content is
    /// several files (a collection of documents or of images): the file's; nil where a page
    /// has no name of its own. For the transient page label and the window title.
    func title(ofPage page: Int) -> String?

    /// Whether a scrolling frame draws the content straight into the buffer instead of from
    /// cached tiles: for content that keeps its own pixels (a PDF's rendered pages), where
    /// copying them into a tile first and the tile into the buffer would write every pixel
    /// twice, once into memory no frame has touched lately.
    var drawsWithoutTiles: Bool { get }
}

extension ContentLayout {
    public func title(ofPage page: Int) -> String? { nil }

    public var drawsWithoutTiles: Bool { false }
}

/// Paged content that can keep a band at the bottom of every page clear, for a page control.
public protocol PageInsetLayout: ContentLayout {
    /// Room kept clear at the bottom of every page, in logical px.
    var pageBottomInsetPixels: Double { get set }
}

extension ImageCollectionLayout: PageInsetLayout {}
extension HorizontalPagesLayout: PageInsetLayout {}
extension DocumentCollectionLayout: PageInsetLayout {}

/// Where a reader is, independent of the window's size: the block at the top of the viewport
/// and how far into it (a fraction of its height), or the page of an image collection
/// (`section`, with `block` and `fraction` 0).
public struct ReadingAnchor: Codable, Equatable, Sendable {
    public var section: Int
    public var block: Int
    public var fraction: Double

    public init(section: Int, block: Int, fraction: Double) {
        self.section = section
        self.block = block
        self.fraction = fraction
    }

    /// The very top of the content, margin included: far enough above the first block that
    /// the offset it gives is clamped to 0 whatever that block's size.
    public static let top = ReadingAnchor(section: 0, block: 0, fraction: -Double.greatestFiniteMagnitude)
}

/// A size in logical px.
public struct ContentSize: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A point, or a displacement, in logical px.
public struct ContentPoint: Equatable, Sendable {
    public static let zero = ContentPoint(x: 0, y: 0)

    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle in logical px.
public struct ContentRect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// What changed in drawn content.
public enum ContentChange: Equatable, Sendable {
    case none
    /// Content between these y coordinates (zoom 1, logical px) moved or was redrawn; the
    /// rest is as it was.
    case band(ClosedRange<Double>)
    case everything

    /// Both changes together.
    func union(_ other: ContentChange) -> ContentChange {
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
struct ChangeLog {
    private(set) var revision = 0
    private var entries: [(revision: Int, change: ContentChange)] = []
    /// Enough for the frames in flight of a few buffers; older revisions count as everything.
    private static let capacity = 64

    mutating func record(_ change: ContentChange) {
        revision += 1
        entries.append((revision, change))
        if entries.count > ChangeLog.capacity { entries.removeFirst(entries.count - ChangeLog.capacity) }
    }

    func changes(since revision: Int) -> ContentChange {
        guard revision < self.revision else { return .none }
        guard let oldest = entries.first, oldest.revision <= revision + 1 else { return .everything }
        return entries.filter { $0.revision > revision }.reduce(ContentChange.none) { $0.union($1.change) }
    }
}
