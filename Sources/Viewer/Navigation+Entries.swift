import DocumentKit
import Localization
import Machinery
import ScrollEngine

/// A document the home or the folder view opens, read off the loop: the document, where the
/// reader left it and how it was shown then.
public struct OpenedEntry {
    public var document: any LoadedDocument
    /// The saved reading position; nil to open at the top.
    public var anchor: ReadingAnchor?
    /// The page modes, turn and zoom saved with it: none for a document never opened.
    public var modes: RememberedModes

    public init(document: any LoadedDocument, anchor: ReadingAnchor?, modes: RememberedModes = RememberedModes()) {
        self.document = document
        self.anchor = anchor
        self.modes = modes
    }
}

/// The home and the folder view in the document pane: a tap on an entry opens its document in
/// this window where it was left (the list goes into the history, so Alt+Left comes back to
/// it), and going back with nothing left in the history comes back to the home.
extension Navigation {
    /// Chooses the entry under `location` (px in the document pane) of content that is a list
    /// of entries; false when the content is no such list.
    func chooseEntry(at location: LogicalPoint) -> Bool {
        guard let chooser = document.entryChooser else { return false }
        let view = scene[documentPane.view]
        let point = ContentPoint(x: (location.x + view.contentOffset.x) / view.zoomScale,
                                 y: (location.y + view.contentOffset.y) / view.zoomScale)
        carryOut(chooser.choose(at: point))
        needsFrame = true
        return true
    }

    /// Does what choosing an entry asked for.
    func carryOut(_ choice: EntryChoice) {
        switch choice {
        case .none, .handled: break
        case .open(let path): openEntry(atPath: path)
        case .refused(let reason): setNotice(OneLineText.escaping(reason))
        case .openChooser: requests.append(.openFile)
        }
    }

    /// Opens the document at `path` off the loop (`entryOpener`), then shows it in place of the
    /// list at its saved position; the notice says why when it cannot be opened.
    func openEntry(atPath path: String) {
        guard let entryOpener, pendingLink?.path != path else { return }
        pendingLink?.ticket?.cancel()
        linkGeneration += 1
        let generation = linkGeneration
        pendingLink = (path, generation, nil, { _ in })
        // TRANSLATORS: over the home while a document is read; %s is its file's name.
        setNotice(localized("opening '%s'…", OneLineText.escaping(FilePath.name(of: path))))
        let ticket = entryOpener(path) { [weak self] result in
            guard let self, let pending = pendingLink, pending.generation == generation else { return }
            pendingLink = nil
            switch result {
            case .success(let opened): show(opened, openedAt: path)
            case .failure(let error): setNotice(OneLineText.escaping(error.description))
            }
        }
        if pendingLink?.generation == generation { pendingLink?.ticket = ticket }
    }

    /// Shows the document opened as the window would have opened it from the command line:
    /// turned, in spreads, fitted and in night pages as it was left (`ViewerState.arrange`,
    /// `showRemembered`).
    private func show(_ opened: OpenedEntry, openedAt path: String) {
        // Laid out as the window shows documents: in pages when it pages (`--paging`).
        let layout = opened.document.makeLayout(palette: document.palette, paged: scene[documentPane.view].isPagingEnabled)
        ViewerState.arrange(layout, as: opened.modes, defaults: state.documentDefaults)
        // The document left is saved with its own modes, before this one's are taken.
        onWillLeaveDocument?()
        recordJump()
        let place = opened.anchor.map { HistoryPlace(layout: layout, path: path, title: opened.document.title, anchor: $0, x: 0, yRemainder: 0) }
        show(layout, at: place)
        state.showRemembered(opened.modes)
        documentPath = path
        documentTitle = opened.document.title
        setNotice(nil)
    }

    /// Shows `layout`, a list of entries (the folder view), in place of what is shown, which
    /// goes into the history.
    public func showEntries(_ layout: any DocumentContent, title: String) {
        onWillLeaveDocument?()
        recordJump()
        show(layout, at: nil)
        documentPath = nil
        documentTitle = title
    }

    /// Back with nothing left in the history: the home, as if it had been the place before
    /// (so forward returns to what was shown). False when there is no home to go to, or a
    /// list of entries is shown already. The app makes it `onBackPastStart`.
    public func goHome() -> Bool {
        guard let homeMaker, document.entryChooser == nil else { return false }
        history.push(HistoryPlace(layout: homeMaker(), path: nil, title: localized("Recent documents"), anchor: .top, x: 0, yRemainder: 0))
        guard let home = history.goBack(from: currentPlace), let layout = home.layout else { return false }
        onWillLeaveDocument?()
        show(layout, at: nil)
        documentPath = nil
        documentTitle = home.title
        return true
    }
}
