import DocumentKit
import Localization

/// What a paged document offers, whatever its kind: a document's pages magnified from the
/// whole page to 8× (a page at a time when paged), pictures one at a time to twice their own
/// pixels, like Photos; links to places and addresses, its text read on a worker for the
/// reading tools and the screen reader, and its bookmarks above its pages.
extension PagedLayout: DocumentContent {
    /// The most a document's page zooms: 8×, where a Letter page's 10 pt body text is about
    /// 110 px tall on a laptop panel, enough to read a figure's finest print.
    public static var maximumZoomScale: Double { 8 }
    /// The least maximum zoom of a picture: 2×, UIScrollView's common double-tap zoom.
    public static var minimumMaximumZoomScale: Double { 2 }

    /// A document: out to the whole page (fit page) and in to 8×; paged, one page at a time,
    /// and zoom 1 already fits the page whole. Pictures: from fit-to-window to the page's own
    /// limit (`maximumZoomScale(ofPage:)`), set as each page is shown.
    public var zoomPolicy: ZoomPolicy {
        switch source.style {
        case .document:
            isPaged ? .perPage(1...Self.maximumZoomScale) : .magnify(min(fitPageZoom, 1)...Self.maximumZoomScale)
        case .picture:
            .perPage(1...Self.minimumMaximumZoomScale)
        }
    }

    /// The largest zoom the page at slot `slot` allows. A picture, where zoom 1 fits it to the
    /// window: twice the image's own pixels (so a photo can be inspected closely, as in Loupe
    /// and Photos), never less than `minimumMaximumZoomScale`, so a small image, already
    /// enlarged to fit, still zooms (also while its size is not known yet, which asking starts
    /// reading); 1 for a page that cannot show its image.
    public func maximumZoomScale(ofPage slot: Int) -> Double {
        guard source.style == .picture else { return Self.maximumZoomScale }
        guard (0..<pageCount).contains(slot), viewportWidth > 0 else { return 1 }
        let shown = self.page(atSlot: slot)
        measure(shown)
        guard failures[shown] == nil else { return 1 }
        guard isMeasured(shown) else { return Self.minimumMaximumZoomScale }
        let fitScale = pageBox(shown).scale
        return max(2 / fitScale, Self.minimumMaximumZoomScale)
    }

    /// Room kept clear at the bottom of every picture, in logical px: the band the page control
    /// needs, so at rest it covers no part of the image (a caption at its bottom stays
    /// readable). A document's pages keep none: the control sits over the margin around a page.
    public var pageBottomInsetPixels: Double {
        get { frames.bottomInsetPixels }
        set {
            guard source.style == .picture, newValue != frames.bottomInsetPixels else { return }
            frames.bottomInsetPixels = newValue
            changeLog.record(.everything)
        }
    }

    public var readableText: (any ReadableLayout)? { source.text == nil ? nil : textLayout }

    public var accessibleContent: (any AccessibleContent)? { self }

    /// A document's bookmarks (or a row per page) above its pages, when paged; pictures have none.
    public var outline: (any OutlineSource)? {
        isPaged && style == .document ? PageOutlineSource(pages: self) : nil
    }

    public func link(at point: ContentPoint, zoomScale: Double) -> ContentLink? {
        switch link(at: point, zoom: zoomScale) {
        // The view's page that shows the target: its spread's, from the left.
        case .destination(let target)?: .place(page: slot(ofPage: target.page), offset: offset(of: target))
        case .uri(let address)?: .address(address)
        case nil: nil
        }
    }

    public func contentOffset(of location: BlockLocation) -> ContentPoint? { nil }

    /// Not read again when its file changes (the source holds the file open).
    public func replaceDocument(with document: any LoadedDocument) -> Bool { false }

    public var failure: DocumentError? { openFailure }

    /// Every page turns a quarter at a time; the page at the reading position stays shown
    /// (`anchorOffset`), and the renderers' pixels, drawn upright, are kept and turned.
    public func rotate(byQuarterTurns turns: Int) -> Bool {
        guard turns % 4 != 0 else { return true }
        frames.turn(byQuarterTurns: turns, size: pointSize)
        changeLog.record(.everything)
        return true
    }
}

/// The pages as a screen reader reads them: a document's page is one paragraph of its text,
/// read on a worker when asked; a picture is named by its file (`PagedAccessibleContent`).
extension PagedLayout: PagedAccessibleContent {
    public var style: PageStyle { source.style }

    public func name(ofPage page: Int) -> String? { source.title(ofPage: page) }

    /// A picture that cannot be shown names its file.
    public func failureNotice(ofPage page: Int, reason: String) -> String {
        guard style == .picture, let name = source.title(ofPage: page) else {
            return PageScheduler.notice(ofPage: page, reason: reason)
        }
        return localized("⚠ '%1$s' cannot be shown:\n%2$s", name, reason)
    }
}

/// What the text laid over the pages asks of them, answered by the source's text.
extension PagedLayout: PageTextPages {
    public func linkAddress(ofPage page: Int) -> String { source.text?.linkAddress(ofPage: page) ?? "#\(page + 1)" }

    /// Finds nothing past the layout's last page, whatever the search's own document counts
    /// (a match there would name a page the viewer does not have).
    public func textSearch(for query: String) -> DocumentSearch {
        guard let text = source.text else { return DocumentSearch(query: query, isSearchable: false) { nil } }
        return text.textSearch(for: query, pageLimit: isOpen ? pageCount : nil)
    }

    public func copiedText(in range: TextRange) -> @Sendable () -> String {
        guard let text = source.text else { return { "" } }
        return text.copiedText(in: range)
    }
}
