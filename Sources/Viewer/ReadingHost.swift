import DocumentKit
import ScrollEngine

/// What the reading tools need from the viewer around them: the text layout of the reading
/// pane, where it is scrolled, and (through the viewer's requests) the desktop's services.
protocol ReadingHost: AnyObject {
    /// The text of the pane the tools work on (a text layout, or a PDF's text); nil for
    /// images and pages side by side.
    var readingLayout: (any ReadableLayout)? { get }
    /// The reading pane's rectangle in the window and its scroll state (offset in zoomed px).
    var readingPaneRect: LogicalRect { get }
    var readingContentOffset: LogicalPoint { get }
    var readingZoomScale: Double { get }
    /// Whether the reading pane turns pages (a sideways swipe turns one).
    var isReadingPaged: Bool { get }
    /// Scrolls the reading pane so content y `y` (zoom 1) is at its top, with the engine's
    /// animation or at once.
    func scrollReading(toContentY y: Double, animated: Bool)
    /// The content grew or shrank where the tools changed it (a disclosure opened or closed):
    /// the pane takes its new size and moves its content by `dy` (content px, zoom 1) so what
    /// was on screen stays.
    func readingContentChanged(movingContentBy dy: Double)
    /// Turns paged content to page `page`, animated.
    func turnReading(toPage page: Int)
    /// The page paged content shows (from 0).
    var readingPageShown: Int { get }
    /// Offers `range` of the document's text to the clipboard and/or the primary selection.
    func copy(_ range: TextRange, toClipboard: Bool, toPrimary: Bool)
    /// Hands a web or mail address to the desktop.
    func openExternal(_ url: String)
    /// Opens another document in the window off the loop, remembering where this one was; it
    /// is shown once it is open (a notice says why when it cannot be). False when links to
    /// other documents are not followed here.
    func openDocument(atPath path: String, fragment: String?) -> Bool
    /// Gives up the document `openDocument` is opening, or goes back to the place before the
    /// last jump (in this document or another); false when there is neither.
    func goBack() -> Bool
    /// Goes forward to the place the last `goBack` left; false when there is none.
    func goForward() -> Bool
    /// Remembers where the reader is before the tools jump within the document (a link to a
    /// heading, an anchor or a note, find's first match), so going back returns there.
    func recordJump()
    /// Starts a jump whose place is found off the loop (a link's anchor): its number. The
    /// reader's own scroll, touch or key meanwhile gives it up.
    func startPendingJump() -> Int
    /// Whether jump `jump` still waits for its place, which has now come: false when the
    /// reader gave it up or another jump started, and the place is then dropped.
    func takePendingJump(_ jump: Int) -> Bool
    /// Whether on-screen keyboards and input methods should type into Glide (find is open).
    func setWantsTextInput(_ wants: Bool)
    /// The pointer's image.
    func setPointerLook(_ look: PointerLook)
    /// Something the tools draw changed.
    func readingNeedsDisplay()
    /// Notes a diagnostic (shown with GLIDE_DEBUG=1).
    func log(_ message: String)
}

/// The pointer's image over the document.
public enum PointerLook: Sendable, Equatable {
    case arrow
    /// Over a link.
    case hand
    /// Over text that can be selected.
    case text
}
