import DocumentKit
import Localization
import Machinery

/// The history kept between runs with the reading position: its places as files and reading
/// positions, and a place in another document opened again when the reader goes there.
extension Navigation {
    /// The history as kept between runs: each place with its file. Places in content of
    /// several files (no path) are left out.
    public var savedHistory: ReadingHistory {
        func saved(_ place: HistoryPlace) -> ReadingHistory.Place? {
            let path = place.layout === document ? documentPath ?? place.path : place.path
            return path.map { ReadingHistory.Place(path: $0, anchor: place.anchor, x: place.x, yRemainder: place.yRemainder) }
        }
        return ReadingHistory(back: history.back.compactMap(saved), forward: history.forward.compactMap(saved))
    }

    /// Takes the history kept with the reading position of the document shown: places in it
    /// are its own, places in other files are opened again when the reader goes there.
    public func restoreHistory(_ saved: ReadingHistory?) {
        guard let saved = saved?.validated(capacity: NavigationHistory.capacity) else { return }
        func place(_ place: ReadingHistory.Place) -> HistoryPlace {
            let isShown = place.path == documentPath
            return HistoryPlace(layout: isShown ? document : nil, path: place.path, title: isShown ? documentTitle : nil,
                                anchor: place.anchor, x: place.x, yRemainder: place.yRemainder)
        }
        history = NavigationHistory(back: saved.back.map(place), forward: saved.forward.map(place))
    }

    /// Opens the document of `place`, kept from an earlier run, off the loop (as a link's, with
    /// a notice meanwhile), and shows it there; a notice says why when it cannot be opened.
    func reopen(_ place: HistoryPlace) {
        guard let documentOpener = hooks.documentOpener, let path = place.path else { return }
        pendingLink?.ticket?.cancel()
        linkGeneration += 1
        let generation = linkGeneration
        pendingLink = (path, generation, nil, { _ in })
        setNotice(localized("opening '%s'…", OneLineText.escaping(FilePath.name(of: path))))
        let ticket = documentOpener(path) { [weak self] result in
            guard let self, let pending = pendingLink, pending.generation == generation else { return }
            pendingLink = nil
            switch result {
            case .success(let opened):
                setNotice(nil)
                let layout = opened.makeLayout(palette: document.palette, paged: false)
                hooks.onWillLeaveDocument?()
                var shown = place
                shown.layout = layout
                show(layout, at: shown)
                documentPath = path
                documentTitle = opened.title
                history.adopt(layout, title: opened.title, forPath: path)
                hooks.onReopenedDocumentShown?()
            case .failure(let error):
                // TRANSLATORS: a notice over the document shown; %s says why the document cannot be opened.
                setNotice(OneLineText.escaping(localized("cannot return there: %s", error.description)))
            }
        }
        if pendingLink?.generation == generation { pendingLink?.ticket = ticket }
    }
}
