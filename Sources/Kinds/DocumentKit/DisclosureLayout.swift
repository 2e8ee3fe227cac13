/// Text with parts that open and close under a summary line (HTML's `<details>`): what a tap,
/// a click or Return on a summary toggles, and what find opens to show a match. A kind whose
/// text has none answers `ReadableLayout.disclosures` with nil.
public protocol DisclosureLayout: AnyObject {
    /// The summary whose hit area holds `point` (content coordinates, zoom 1), the nearest
    /// when areas overlap; nil when there is none there.
    func disclosureSummary(at point: ContentPoint) -> DisclosureSummary?

    /// The summaries drawn between content y `band`, in reading order.
    func disclosureSummaries(within band: ClosedRange<Double>) -> [DisclosureSummary]

    /// Opens the disclosure of `summary` when it is closed, closes it when it is open, laying
    /// out again only what it shows or hides. Returns the content y (zoom 1) where the text
    /// that was at content y `y` is now, so the app can keep it where it was on screen.
    func toggleDisclosure(_ summary: DisclosureSummary, keepingTextAt y: Double) -> Double

    /// Opens every closed disclosure that hides `position` (the one that holds it and those
    /// around that one), so it is drawn; returns where the text at content y `y` is now (`y`
    /// when nothing was closed).
    func openDisclosures(hiding position: TextPosition, keepingTextAt y: Double) -> Double
}

/// A disclosure's summary line as drawn: where it is in the text, whether its disclosure is
/// open, and where a finger or pointer takes it.
public struct DisclosureSummary: Equatable, Sendable {
    /// The start of the summary's text.
    public var position: TextPosition
    /// Whether the disclosure shows its body now.
    public var isOpen: Bool
    /// The summary's line box, marker included (content coordinates).
    public var rect: ContentRect
    /// `rect` grown to at least `DocumentLink.minimumHitHeightPixels` tall, as a link's.
    public var hitRect: ContentRect

    public init(position: TextPosition, isOpen: Bool, rect: ContentRect) {
        self.position = position
        self.isOpen = isOpen
        self.rect = rect
        let grow = max(0, DocumentLink.minimumHitHeightPixels - rect.height) / 2
        hitRect = ContentRect(x: rect.x, y: rect.y - grow, width: rect.width, height: rect.height + 2 * grow)
    }
}
