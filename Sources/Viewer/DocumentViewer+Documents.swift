import DocumentKit

/// Documents shown one after another in the window: another document the app opens in the
/// same window goes into the history as a followed link's does.
extension DocumentViewer {
    /// Shows `layout`, a document the app opened at `path` (called `title`), in place of the
    /// one shown, at `anchor` (where the reader last was in it; nil: its top). Where the reader
    /// was goes into the history first, so Alt+Left comes back to it.
    public func showDocument(_ layout: any DocumentContent, path: String?, title: String?, at anchor: ReadingAnchor?) {
        navigation.switchDocument(to: layout, path: path, title: title, at: anchor)
        input.forgetReadingTools()
    }
}

extension Navigation {
    /// Shows `layout` in place of the document shown, as a jump (see
    /// `DocumentViewer.showDocument`).
    func switchDocument(to layout: any DocumentContent, path: String?, title: String?, at anchor: ReadingAnchor?) {
        _ = givesUpPendingLink()
        onWillLeaveDocument?()
        recordJump()
        show(layout, at: anchor.map { HistoryPlace(layout: layout, path: path, title: title, anchor: $0, x: 0, yRemainder: 0) })
        documentPath = path
        documentTitle = title
    }
}

extension InputRouter {
    /// Forgets what the reading tools and the go-to-page entry showed: another document is
    /// shown.
    func forgetReadingTools() {
        readingTools.reset()
        closePageEntry()
        readingMotion.pendingScroll = nil
        needsFrame = true
    }
}
