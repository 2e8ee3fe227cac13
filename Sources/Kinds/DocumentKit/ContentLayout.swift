/// Content the renderer can draw in tiles and a pane can scroll: a kind's laid-out document,
/// or the outline's list.
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

    /// Makes everything within `margin` logical px of `visible` ready to draw at `drawScale`
    /// device px per logical px (so content is laid out, and its pixels asked for, before it
    /// scrolls into view; `draw` may leave the rest blank) and notes the reading position at
    /// `visible`'s top. Returns how far, in logical px at zoom 1, the content there moved
    /// right and down (estimates before it that could not absorb a correction): add it to
    /// the offset. The frame's one layout pass: drawing asks for nothing. A `drawScale` of 0
    /// lays out without drawing (to measure, or to find a place), and asks for no pixels.
    func prepare(_ visible: ContentRect, margin: Double, drawScale: Double) -> ContentPoint

    /// Draws the content that meets `rect` onto `cairo`, whose user space maps content
    /// coordinates; the page colour is already painted. It has no side effects: what it
    /// lacks shows as a placeholder until a later `prepare` has it.
    func draw(_ rect: ContentRect, on cairo: OpaquePointer)

    /// The name of what page `page` (from 0) of paged content shows when the content is
    /// several files (a collection of documents or of images): the file's; nil where a page
    /// has no name of its own. For the transient page label and the window title.
    func title(ofPage page: Int) -> String?

    /// Rectangles of `rect` (content, zoom 1) that `draw` covers with opaque pixels whatever it
    /// has to draw (a document's pages: their pixels, a preview or a placeholder), so a frame
    /// need not paint the page colour under them first; none by default.
    func opaqueRects(meeting rect: ContentRect) -> [ContentRect]

    /// Whether a scrolling frame draws the content straight into the buffer instead of from
    /// cached tiles: for content that keeps its own pixels (a PDF's rendered pages), where
    /// copying them into a tile first and the tile into the buffer would write every pixel
    /// twice, once into memory no frame has touched lately.
    var drawsWithoutTiles: Bool { get }

    /// Whether the last `prepare` left part of its margin for later, to keep the frame within
    /// its budget (content whose cost is not bounded by the room it takes): the viewer keeps
    /// drawing frames, and each prepares more, until it is false.
    var hasPendingLayout: Bool { get }

    /// Whether content the last `prepare` asked for is still being read on a worker (a book's
    /// chapters): it arrives through `MainThreadMailbox`, whose delivery asks for a frame, and
    /// a later `prepare` lays it out. For programs that draw once and wait for it.
    var isReadingContent: Bool { get }
}

extension ContentLayout {
    /// Lays out what is within `margin` of `visible` without drawing it (to measure, or to
    /// find a place): `prepare` at draw scale 0, which asks for no pixels.
    @discardableResult
    public func prepare(_ visible: ContentRect, margin: Double) -> ContentPoint {
        prepare(visible, margin: margin, drawScale: 0)
    }

    /// `prepare` again, as the viewer's next frames would, until no part of the margin is left
    /// for later (`hasPendingLayout`), at most `maximumPrepares` times: for programs that lay
    /// out once (tests, benchmarks, pictures), never for the frame loop. Returns how far the
    /// content moved in all (see `prepare`); `visible` follows it from one pass to the next.
    @discardableResult
    public func prepareCompletely(_ visible: ContentRect, margin: Double, drawScale: Double = 0,
                                  maximumPrepares: Int = 100_000) -> ContentPoint {
        var moved = ContentPoint.zero
        for _ in 0..<max(1, maximumPrepares) {
            let shown = ContentRect(x: visible.x + moved.x, y: visible.y + moved.y, width: visible.width, height: visible.height)
            let step = prepare(shown, margin: margin, drawScale: drawScale)
            moved = ContentPoint(x: moved.x + step.x, y: moved.y + step.y)
            if !hasPendingLayout { break }
        }
        return moved
    }

    public func title(ofPage page: Int) -> String? { nil }

    public func opaqueRects(meeting rect: ContentRect) -> [ContentRect] { [] }

    public var drawsWithoutTiles: Bool { false }

    public var hasPendingLayout: Bool { false }

    public var isReadingContent: Bool { false }
}
