import DocumentKit
import Machinery

/// What a paged layout tells the text laid over it, beyond its pages' geometry: what it asks
/// of its kind (a search, a copy, how an internal link is named) and its links.
public protocol PageTextPages: PageGeometry {
    var revision: Int { get }
    /// What the last `prepare` saw: a paged layout's sections are the pages it shows.
    var lastVisible: ContentRect? { get }
    /// The link under `point` at `zoom` (`PageLink.hit`).
    func link(at point: ContentPoint, zoom: Double) -> PageLink.Target?
    /// Reads page `index`'s size now if it is not known (so a line's top is where it will be
    /// drawn); returns whether its height changed.
    @discardableResult
    func measure(_ index: Int) -> Bool
    /// An internal link's page as the kind's viewers name it in an address (`#page=12`, `#12`).
    func linkAddress(ofPage page: Int) -> String
    /// The view's page (from the left, when paged) that shows page `page`: its spread's.
    func slot(ofPage page: Int) -> Int
    /// A search of the document's text, on a worker of the search's own.
    func textSearch(for query: String) -> DocumentSearch
    /// The text of `range`, made on the paste's own worker.
    func copiedText(in range: TextRange) -> @Sendable () -> String
}

/// Reads a page's text off the loop thread, one page at a time, and delivers it (nil when the
/// page cannot be read) on any thread.
public protocol PageTextReader: AnyObject {
    func read(page: Int, deliver: @escaping @Sendable (PageText?) -> Void)
}

/// A paged document's text laid over its pages, for the reading tools: positions under a point,
/// the rectangles of a selection or a match, words and lines (a PDF's `PDFTextLayout`, a DjVu
/// document's hidden text, `DjVuTextLayout`). Page text is read lazily, only for pages the
/// tools ask about (those on screen), by the kind's `PageTextReader` on a serial worker with a
/// document of its own; until a page's text arrives it answers as if the page had none, and its
/// arrival through the mailbox makes the next frame.
public final class PageTextLayout: ReadableLayout {
    /// The pages the text is laid over; they own it (their `textLayout`).
    public unowned let pages: any PageTextPages

    /// Pages whose text was read, and the order they came in (the oldest leave first).
    private var texts: [Int: PageText] = [:]
    private var arrivalOrder: [Int] = []
    private var requested: Set<Int> = []
    private var textRevision = 0
    private let reader: any PageTextReader

    /// Pages of text kept: about 200 KB each for a dense page (3,000 characters with their
    /// rectangles), 10 MB in all, several screens of pages zoomed out.
    static let capacityPages = 48

    public init(pages: any PageTextPages, reader: any PageTextReader) {
        self.pages = pages
        self.reader = reader
    }

    public var revision: Int { pages.revision &+ textRevision }

    /// Page `page`'s text if it has arrived; otherwise asks for it and returns nil.
    public func pageText(_ page: Int) -> PageText? {
        guard page >= 0, page < pages.pageCount else { return nil }
        if let text = texts[page] { return text }
        if requested.insert(page).inserted {
            let owner = LoopThreadReference(self)
            reader.read(page: page) { text in
                MainThreadMailbox.shared.post { owner.object?.receive(text, page: page) }
            }
        }
        return nil
    }

    private func receive(_ text: PageText?, page: Int) {
        requested.remove(page)
        texts[page] = text ?? PageText(text: "", rects: [])
        arrivalOrder.append(page)
        if arrivalOrder.count > PageTextLayout.capacityPages { texts[arrivalOrder.removeFirst()] = nil }
        textRevision += 1
    }

    // MARK: Geometry


    /// Character `index`'s rectangle of page `page`, in content coordinates.
    /// Where character `index` (a Unicode scalar) of page `page`'s text is drawn, in content
    /// coordinates; nil when the text has not been read yet or the character has no area.
    public func frame(ofCharacter index: Int, onPage page: Int) -> ContentRect? {
        guard let text = pageText(page), index >= 0, index < text.characterCount, text.isDrawn(index) else { return nil }
        return rect(ofCharacter: index, in: text, page: page)
    }

    /// Where a character's page-point rectangle lands, turned with its page (`PageBox`).
    private func rect(ofCharacter index: Int, in text: PageText, page: Int) -> ContentRect {
        let r = text.rects[index]
        return pages.pageBox(page).contentRect(ofPointsX: r.x, y: r.y, width: r.width, height: r.height)
    }

    private func page(at point: ContentPoint) -> Int {
        pages.pages(meeting: ContentRect(x: point.x, y: point.y, width: 0.001, height: 0.001)).lowerBound
    }

    public func textPosition(at point: ContentPoint) -> TextPosition? {
        let page = page(at: point)
        guard let text = pageText(page) else { return nil }
        guard let index = nearestCharacter(to: point, in: text, page: page) else {
            return TextPosition(section: page, block: 0, utf8Offset: 0)
        }
        let rect = rect(ofCharacter: index, in: text, page: page)
        let character = point.x > rect.x + rect.width / 2 ? index + 1 : index
        return TextPosition(section: page, block: 0, utf8Offset: text.utf8Offset(ofCharacter: character))
    }

    /// The drawn character nearest `point`: on the nearest line first (vertical distance),
    /// then the nearest along it, as a text view's hit test.
    private func nearestCharacter(to point: ContentPoint, in text: PageText, page: Int) -> Int? {
        var best: (index: Int, dy: Double, dx: Double)?
        for index in 0..<text.characterCount where text.isDrawn(index) {
            let rect = rect(ofCharacter: index, in: text, page: page)
            let dy = max(rect.y - point.y, 0, point.y - rect.maxY)
            let dx = max(rect.x - point.x, 0, point.x - rect.maxX)
            if let current = best, dy > current.dy || (dy == current.dy && dx >= current.dx) { continue }
            best = (index, dy, dx)
        }
        return best?.index
    }

    public func rects(of range: TextRange, within band: ClosedRange<Double>) -> [ContentRect] {
        let shown = sections(meeting: band)
        let first = max(range.start.section, shown.lowerBound), last = min(range.end.section, shown.upperBound)
        guard first <= last else { return [] }
        var rects: [ContentRect] = []
        for page in first...last {
            guard let text = pageText(page),
                  let part = range.utf8Range(inSection: page, block: 0, length: text.utf8Count), !part.isEmpty
            else { continue }
            var line: ContentRect?
            // Only the range's characters: a page of many matches asks this for each of them.
            let characters = text.character(atUTF8Offset: part.lowerBound)..<(text.character(atUTF8Offset: part.upperBound - 1) + 1)
            for index in characters where text.isDrawn(index) {
                let rect = rect(ofCharacter: index, in: text, page: page)
                // Characters on one line (overlapping vertically, left to right) make one rectangle.
                if var current = line, rect.x >= current.x, rect.y < current.maxY, rect.maxY > current.y {
                    let top = min(current.y, rect.y), bottom = max(current.maxY, rect.maxY)
                    current = ContentRect(x: current.x, y: top, width: max(current.maxX, rect.maxX) - current.x,
                                          height: bottom - top)
                    line = current
                } else {
                    if let line { rects.append(line) }
                    line = rect
                }
            }
            if let line { rects.append(line) }
        }
        return rects.filter { $0.maxY >= band.lowerBound && $0.y <= band.upperBound }
    }

    public func caretRect(at position: TextPosition) -> ContentRect? {
        guard let text = pageText(position.section), text.characterCount > 0 else { return nil }
        let index = text.character(atUTF8Offset: position.utf8Offset)
        // A caret stands before a drawn character, or after the last drawn one before it.
        if index < text.characterCount, text.isDrawn(index) {
            let rect = rect(ofCharacter: index, in: text, page: position.section)
            return ContentRect(x: rect.x, y: rect.y, width: 0, height: rect.height)
        }
        guard let before = (0..<min(index, text.characterCount)).last(where: text.isDrawn) else { return nil }
        let rect = rect(ofCharacter: before, in: text, page: position.section)
        return ContentRect(x: rect.maxX, y: rect.y, width: 0, height: rect.height)
    }

    public func wordRange(at position: TextPosition) -> TextRange? {
        expand(position) { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" }
    }

    /// A line: a page's text has no paragraphs to go by.
    public func paragraphRange(at position: TextPosition) -> TextRange? {
        expand(position) { $0 != "\n" }
    }

    /// The run of characters around `position` that `belongs` accepts.
    private func expand(_ position: TextPosition, while belongs: (Unicode.Scalar) -> Bool) -> TextRange? {
        guard let text = pageText(position.section), text.characterCount > 0 else { return nil }
        let at = min(text.character(atUTF8Offset: position.utf8Offset), text.characterCount - 1)
        guard belongs(text.scalar(at)) else {
            let offset = text.utf8Offset(ofCharacter: at)
            return TextRange(TextPosition(section: position.section, block: 0, utf8Offset: offset),
                             TextPosition(section: position.section, block: 0, utf8Offset: text.utf8Offset(ofCharacter: at + 1)))
        }
        var start = at, end = at + 1
        while start > 0, belongs(text.scalar(start - 1)) { start -= 1 }
        while end < text.characterCount, belongs(text.scalar(end)) { end += 1 }
        return TextRange(TextPosition(section: position.section, block: 0, utf8Offset: text.utf8Offset(ofCharacter: start)),
                         TextPosition(section: position.section, block: 0, utf8Offset: text.utf8Offset(ofCharacter: end)))
    }

    /// The top of `position`'s line once its page's text is known; the page's top until then.
    public func lineTop(of position: TextPosition, viewportTop: Double) -> Double? {
        guard position.section >= 0, position.section < pages.pageCount else { return nil }
        pages.measure(position.section)
        if let caret = caretRect(at: position) { return caret.y }
        return pages.pageRect(position.section).y
    }

    public func sections(meeting band: ClosedRange<Double>) -> ClosedRange<Int> {
        if pages.isPaged, let visible = pages.lastVisible { return pages.pages(meeting: visible) }
        return pages.pages(meeting: ContentRect(x: 0, y: band.lowerBound, width: 1,
                                              height: max(band.upperBound - band.lowerBound, 0.001)))
    }

    /// A page's links are followed by the viewer (`link(at:zoom:)`: they have targets, not
    /// addresses).
    public func link(at point: ContentPoint) -> DocumentLink? { nil }

    public func loadText(meeting band: ClosedRange<Double>) {
        for page in sections(meeting: band) { _ = pageText(page) }
    }

    public func pagedPage(of position: TextPosition) -> Int? {
        pages.isPaged ? pages.slot(ofPage: min(max(position.section, 0), pages.pageCount - 1)) : nil
    }

    /// A web link's address, or an internal link's page as the kind names it
    /// (`PageTextPages.linkAddress`).
    public func hoveredLink(at point: ContentPoint) -> String? {
        // A zoom this large leaves no touch slop: only the link's own rectangle counts.
        switch pages.link(at: point, zoom: .greatestFiniteMagnitude) {
        case .uri(let address)?: address
        case .destination(let destination)?: pages.linkAddress(ofPage: destination.page)
        case nil: nil
        }
    }

    public func search(for query: String) -> DocumentSearch { pages.textSearch(for: query) }

    public func textForCopying(in range: TextRange) -> @Sendable () -> String { pages.copiedText(in: range) }
}
