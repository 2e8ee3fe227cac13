import DocumentKit
import Machinery

/// What the app (and the home) give navigation: how to open the documents links and the
/// home's entries lead to, where going back past the start leads, and calls before a document
/// is left and once one the history kept is shown again.
public struct NavigationHooks {
    /// Called before a link replaces the document (and before coming back), so the app can
    /// save the reading position of the one being left.
    public var onWillLeaveDocument: (() -> Void)?
    /// Opens the document a link leads to off the loop and hands it, or why it cannot be
    /// opened, back on the loop (`KindRegistry.openLinkedText`); cancelling its ticket gives
    /// the open up. Nil when links to other documents are not followed.
    public var documentOpener: ((String, _ deliver: @escaping (Result<any LoadedDocument, DocumentError>) -> Void) -> WorkTicket)?
    /// Opens a document the home or the folder view leads to off the loop, and hands it with
    /// its saved position, or why it cannot be opened, back on the loop (see
    /// `Navigation+Entries`). Nil where they open nothing.
    public var entryOpener: ((String, _ deliver: @escaping (Result<OpenedEntry, DocumentError>) -> Void) -> WorkTicket)?
    /// Makes the home, where going back ends up when the history has nothing left; nil for none.
    public var homeMaker: (() -> any DocumentContent)?
    /// Where going back leads once the history has no place left (the home a document was
    /// opened from): returns whether it went somewhere. Nil: nowhere.
    public var onBackPastStart: (() -> Bool)?
    /// Called once a document the history kept from an earlier run is shown again, opened
    /// off the loop (the reading tools forget the one it replaced).
    var onReopenedDocumentShown: (() -> Void)?

    public init() {}
}
