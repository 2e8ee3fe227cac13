import DocumentKit
import Render
import ScrollEngine

/// What the app asks of the viewer's input routing (`InputRouter`).
extension DocumentViewer {
    /// How long a finger rests before a long press (see `wantsLongPressTimer`).
    public static let longPressMilliseconds = InputRouter.longPressMilliseconds

    /// Whether a finger rests on the document that may become a long press: the app runs a
    /// timer of `longPressMilliseconds` from the moment this turns true, and calls
    /// `longPressTimerFired()` if it is still true then (the viewer reads no clock).
    public var wantsLongPressTimer: Bool { input.wantsLongPressTimer }

    /// The long-press timer the app ran while `wantsLongPressTimer` fired: a finger still
    /// resting selects the word under it, and the scene forgets the finger (no fling, no tap).
    public func longPressTimerFired() { input.longPressTimerFired() }

    /// Follows a link of the document to `destination` as a tap on it does (a screen
    /// reader's action): a heading scrolls there, a document opens, a web or mail address goes
    /// to the desktop. False when the link is refused or leads nowhere.
    public func followLink(to destination: String) -> Bool { input.followLink(to: destination) }

    /// Opens or closes the disclosure whose summary starts at `position` as a tap on it does
    /// (a screen reader's action); false when the text has no disclosures.
    public func toggleDisclosure(atSummary position: TextPosition) -> Bool {
        input.readingTools.toggleDisclosure(atSummary: position)
    }

    /// The reader's selection (mouse, touch, Ctrl+A), if any.
    public var selection: TextRange? { input.selection }

    /// What the find field says ("3 of 27"; empty with no query).
    public var findStatus: String { input.findStatus }

    /// The go-to-page entry while it is open (Ctrl+L, a tap on the page label): what was typed
    /// and what it says (the page count, or why the text leads to no page); nil while closed.
    public var pageEntry: (text: String, status: String)? {
        input.pageEntryText.map { ($0, input.pageEntryStatus ?? "") }
    }

    /// Where the go-to-page entry (and the find field) is drawn in the window.
    public var pageEntryFrame: LogicalRect {
        let pane = paneRects[paneRects.count - 1]
        let field = ReadingOverlayGeometry.findFieldRect(windowWidth: pane.size.width)
        return LogicalRect(x: pane.origin.x + field.x, y: pane.origin.y + field.y, width: field.width, height: field.height)
    }

    /// Opens the go-to-page entry, as Ctrl+L does (a screen reader's action); false when the
    /// document has no pages to go to.
    public func openPageEntry() -> Bool { input.openPageEntry() }

    /// Goes to the page the entry names, as Enter does (a screen reader's action); false when
    /// the entry is closed.
    public func commitPageEntry() -> Bool {
        guard input.isPageEntryOpen else { return false }
        input.commitPageEntry()
        return true
    }

    /// Who has touch `id` now, if anyone: a control's claim, else the view holding it.
    public func owner(ofTouch id: Int) -> TouchOwner? { input.owner(ofTouch: id) }

    /// The pointer's position in the window, as the scene keeps it (the one record of it).
    public var pointerLocation: LogicalPoint? { input.pointerLocation }
}
