import DocumentKit
import Localization
import Machinery
import ScrollEngine

/// Documents a link opens: a linked document is opened off the loop (`hooks.documentOpener`) while
/// the one shown stays, drawing and answering input, with a notice that it is opening; it
/// replaces it once it arrives (the place left goes into the history), or the notice says why
/// it cannot.
extension Navigation {
    /// Starts opening the document at `path` that a link leads to, in place of the one shown
    /// once it is open, remembering where this one was; `onShown` gets its text then. False
    /// when links to other documents are not followed here (the document shown is no text).
    /// A second link followed while one opens gives the first up.
    func openLinkedDocument(atPath path: String, onShown: @escaping (any ReadableLayout) -> Void) -> Bool {
        guard let documentOpener = hooks.documentOpener, document.readableText?.linkBaseDirectory != nil else { return false }
        // A second tap on the same link while it opens waits for the same open.
        guard pendingLink?.path != path else { return true }
        pendingLink?.ticket?.cancel()
        linkGeneration += 1
        let generation = linkGeneration
        pendingLink = (path, generation, nil, onShown)
        // TRANSLATORS: over the document shown while a link's document is read; %s is its file's name.
        setNotice(localized("opening '%s'…", OneLineText.escaping(FilePath.name(of: path))))
        let ticket = documentOpener(path) { [weak self] result in
            guard let self, let pending = pendingLink, pending.generation == generation else { return }
            pendingLink = nil
            switch result {
            case .success(let opened): show(opened, openedAt: path, onShown: pending.onShown)
            case .failure(let error): refuseLink(to: path, because: error.description)
            }
        }
        if pendingLink?.generation == generation { pendingLink?.ticket = ticket }
        return true
    }

    /// Shows `opened`, the document a link at `path` led to, if it is text a link may lead to
    /// (`LinkAction`: another kind would need a window of its own).
    private func show(_ opened: any LoadedDocument, openedAt path: String, onShown: (any ReadableLayout) -> Void) {
        let layout = opened.makeLayout(palette: document.palette, paged: false)
        guard let text = layout.readableText, text.linkBaseDirectory != nil else {
            refuseLink(to: path, because: DocumentError.cannotOpen(path: path, reason: localized("a link opens only text")).description)
            return
        }
        hooks.onWillLeaveDocument?()
        recordJump()
        show(layout, at: nil)
        documentPath = path
        documentTitle = opened.title
        onShown(text)
    }

    /// Leaves the document shown, with a notice saying why the link was not followed.
    private func refuseLink(to path: String, because reason: String) {
        requests.append(.diagnostic("link to '\(path)' not followed: \(reason)"))
        // TRANSLATORS: a notice over the document shown; %s says why the linked document cannot be opened.
        setNotice(OneLineText.escaping(localized("link not followed: %s", reason)))
    }
}
