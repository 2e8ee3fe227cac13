/// A document laid out in the document pane: what every kind offers the viewer, the renderer
/// and the screen reader, besides drawing. Each capability is answered by the kind itself,
/// and one it lacks says so in its answer (no text, no outline, no zoom), never by a cast
/// that fails.
public protocol DocumentContent: ContentLayout {
    /// How the content answers a pinch (text reflows, a PDF magnifies, images zoom one at a
    /// time), for the viewport it was last given.
    var zoomPolicy: ZoomPolicy { get }

    /// The most a page of content zoomed page by page (`ZoomPolicy.perPage`) may be zoomed:
    /// an image's own limit, so a small picture is not blown up past twice its pixels.
    func maximumZoomScale(ofPage page: Int) -> Double

    /// Room kept clear at the bottom of every page in paging mode, in logical px: the band a
    /// page control needs, so at rest it covers no content. Content that does not page keeps
    /// none.
    var pageBottomInsetPixels: Double { get set }

    /// The text, for find, selection, copy and links; nil for content with none (images).
    var readableText: (any ReadableLayout)? { get }

    /// The document as a screen reader reads it; nil where it has nothing to read (several
    /// files as one strip).
    var accessibleContent: (any AccessibleContent)? { get }

    /// The rows of the outline `--split` shows above the pages; nil when the content has no
    /// outline to show (it scrolls, or it holds images).
    var outline: (any OutlineSource)? { get }

    /// The document's own pages as a reader names them (numbers, labels), for going to a page
    /// and the page label; nil where it has none (`PageNumbering.swift` answers nil for
    /// content that does not say).
    var pageNumbering: (any PageNumbering)? { get }

    /// The link at `point` (content coordinates, zoom 1) that the viewer follows itself on a
    /// tap or click, with the slop a finger needs at `zoomScale`: a PDF's links, which lead to
    /// places and addresses. Nil where there is none; a text's links are the reading tools'
    /// (`ReadableLayout.link(at:)`).
    func link(at point: ContentPoint, zoomScale: Double) -> ContentLink?

    /// The content offset (zoom 1) that shows the block at `location` at the top, as laid out
    /// now (its page when paged); nil when the block is not laid out or the content has no
    /// blocks.
    func contentOffset(of location: BlockLocation) -> ContentPoint?

    /// Shows `document`, its file read again, in place of the one shown that was read from
    /// the same file, keeping the reading position; false when this content shows no such
    /// document (it cannot reload, or it is another file).
    func replaceDocument(with document: any LoadedDocument) -> Bool

    /// The document's pages as a grid of thumbnails (the overview); nil for content without
    /// pages drawn by the page scheduler (`PageOverviewContent`).
    func makePageOverview() -> (any PageOverviewContent)?

    /// Why the document cannot be shown after all (a PDF that poppler refused once its
    /// background open ended): the app ends with it. Nil while it can.
    var failure: DocumentError? { get }
    /// The entries of content that is a list to choose from (the home, the folder view); nil
    /// for a document (see `EntryChooser`).
    var entryChooser: (any EntryChooser)? { get }

    /// Turns every page by `turns` quarter turns clockwise (negative: counter-clockwise),
    /// keeping the reading position (`anchorOffset`); false where pages do not turn (text).
    func rotate(byQuarterTurns turns: Int) -> Bool
    /// Quarter turns clockwise the pages are shown at, 0 to 3 (remembered with the reading
    /// position).
    var quarterTurns: Int { get }

    /// The zoom scale at which `fit` shows the page at the reading position, for a viewport
    /// of the size last given; nil where the content has no pages to fit (text, lists), or
    /// while its pages are not known yet (the viewer fits them once they are).
    func zoomScale(fitting fit: PageFit) -> Double?
    /// The horizontal extent, in content coordinates (zoom 1), of the column of text under
    /// `point`, for a double tap to zoom to; nil where there is no text there, or it has not
    /// been read yet.
    func textColumn(at point: ContentPoint) -> ClosedRange<Double>?
    /// The pages two side by side (`PageSpreads`); nil for content without pages of its own.
    var pageSpreads: (any PageSpreads)? { get }
}

extension DocumentContent {
    /// Text and other content that is not made of pages does not turn.
    public func rotate(byQuarterTurns turns: Int) -> Bool { false }
    public var quarterTurns: Int { 0 }
    /// Content that is not made of pages is not fitted: it is laid out to the window.
    public func zoomScale(fitting fit: PageFit) -> Double? { nil }
    public func textColumn(at point: ContentPoint) -> ClosedRange<Double>? { nil }
}

/// How content answers a pinch, a double-tap or the zoom keys.
public enum ZoomPolicy {
    /// Text set at the zoom's size and re-wrapped to the window once a zoom settles, within
    /// the text sizes the layout allows: text zoom reflows instead of magnifying.
    case reflow(any TextScalableLayout)
    /// Magnified as a whole within the range (a PDF: from its whole page to 8×).
    case magnify(ClosedRange<Double>)
    /// One page at a time, within the range and each page's own maximum: a zoomed page pans,
    /// then a drag on past its edge turns to the next page, which opens unzoomed.
    case perPage(ClosedRange<Double>)
    /// Not zoomed (paged text: pages are read whole).
    case none
}

/// Content whose text can be set larger or smaller and re-wrapped to the window: text zoom
/// reflows instead of magnifying, so no line runs past the window.
public protocol TextScalableLayout: ContentLayout {
    /// The text's size as a multiple of the default.
    var textScale: Double { get }

    /// The text sizes a reader may choose, as multiples of the default.
    var textScaleRange: ClosedRange<Double> { get }

    /// Sets the text to `scale` times its default size (clamped to `textScaleRange`) and
    /// re-wraps it; returns where the content that was at `point` (zoom 1, logical px) is
    /// now, so the app can keep it in place on screen.
    func setTextScale(_ scale: Double, keeping point: ContentPoint) -> ContentPoint
}

/// Where a link the viewer follows leads.
public enum ContentLink: Equatable, Sendable {
    /// An address as the document names it: followed only when it is a web or mail address
    /// (`LinkAction`); nothing else a document names is ever opened or run.
    case address(String)
    /// A place in the same content: the view's page that shows it when paged (a spread's,
    /// counted from the left), and the offset (zoom 1) that shows it at the top when the
    /// content scrolls.
    case place(page: Int, offset: ContentPoint)
}
