import DocumentKit
import ScrollEngine

/// Files that change while shown (see `DocumentReloader`, which reads them again).
extension DocumentViewer {
    /// Shows `document`, its file read again, in place of the one shown. At rest, the reading
    /// position stays at the same block (or the nearest that still exists) and nothing on
    /// screen jumps; a document that was shown at its end keeps following its end, as
    /// `less +F` does, so a growing log can be watched. While the content moves (a fling), the
    /// motion goes on over the new content. Returns false if no pane shows that file.
    @discardableResult
    public func reload(_ document: any LoadedDocument) -> Bool {
        let pane = documentPane
        let view = scene[pane.view]
        let bounds = view.offsetBounds(.vertical)
        let wasAtEnd = !view.isPagingEnabled && bounds.upperBound > bounds.lowerBound
            && view.contentOffset.y >= bounds.upperBound - 1
        let wasAtRest = !view.frame.needsFrames
        guard self.document.replaceDocument(with: document) else { return false }
        updateContentSize(of: pane, to: pane.layout.contentSize)
        if wasAtEnd {
            followEnd(of: pane)
        } else if wasAtRest {
            let zoom = scene[pane.view].zoomScale
            let anchor = pane.layout.anchorOffset
            scene[pane.view].scroll(to: LogicalPoint(x: anchor.x * zoom, y: anchor.y * zoom), animated: false,
                                    timeMilliseconds: timeMilliseconds)
        }
        setNotice(nil)
        setNeedsFrame()
        return true
    }

    /// Scrolls `pane` to the end of its content, laying the end out first: the end of a
    /// reloaded document is estimated until it is laid out, and laying it out moves it.
    private func followEnd(of pane: Pane) {
        let rect = scene.rects[pane.view]
        // Each round lays out what the end shows; estimates there become exact, so two rounds
        // settle it, and four leave room for a last section that wraps differently.
        for _ in 0..<4 {
            let view = scene[pane.view]
            let zoom = view.zoomScale
            let end = view.offsetBounds(.vertical).upperBound
            scene[pane.view].scroll(to: LogicalPoint(x: view.contentOffset.x, y: end), animated: false,
                                    timeMilliseconds: timeMilliseconds)
            let visible = ContentRect(x: view.contentOffset.x / zoom, y: end / zoom,
                                      width: rect.size.width / zoom, height: rect.size.height / zoom)
            _ = pane.layout.prepare(visible, margin: 0)
            updateContentSize(of: pane, to: pane.layout.contentSize)
            if scene[pane.view].offsetBounds(.vertical).upperBound == end { break }
        }
        let end = scene[pane.view].offsetBounds(.vertical).upperBound
        scene[pane.view].scroll(to: LogicalPoint(x: scene[pane.view].contentOffset.x, y: end), animated: false,
                                timeMilliseconds: timeMilliseconds)
    }

    /// A one-line notice over the bottom of the document (a file that can no longer be read),
    /// or none.
    public func setNotice(_ notice: String?) {
        guard documentPane.renderer.notice != notice else { return }
        documentPane.renderer.notice = notice
        setNeedsFrame()
    }
}
