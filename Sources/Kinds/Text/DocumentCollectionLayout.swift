import CCairo
import DocumentKit
import ImageDecoding

/// Several text documents as one strip of pages, side by side: each document's pages
/// (see `HorizontalPagesLayout`) follow the previous document's, so horizontal paging with a
/// page control turns through all of them, and every document starts on a page of its own.
public final class DocumentCollectionLayout: ContentLayout {
    public let documents: [HorizontalPagesLayout]
    private var pageWidth = 0.0
    private var pageHeight = 0.0

    /// Lays out `documents` (text documents) as consecutive pages; they share `images`, but for
    /// those with an `imageSource` of their own (a book's), whose images are its keys.
    public init(documents: [TextDocument], palette: Palette = .light, images: ImageStore = ImageStore()) {
        self.documents = documents.map { document in
            HorizontalPagesLayout(document: document, palette: palette,
                                  images: document.imageSource == nil ? images : document.makeImageStore())
        }
    }

    public var palette: Palette {
        get { documents.first?.palette ?? .light }
        set { for document in documents { document.palette = newValue } }
    }

    /// Room kept clear at the bottom of every page (see `HorizontalPagesLayout`).
    public var pageBottomInsetPixels: Double {
        get { documents.first?.pageBottomInsetPixels ?? 0 }
        set { for document in documents { document.pageBottomInsetPixels = newValue } }
    }

    /// All the documents' pages.
    public var pageCount: Int { documents.reduce(0) { $0 + $1.pageCount } }

    public var hasPendingLayout: Bool { documents.contains { $0.hasPendingLayout } }

    public var contentSize: ContentSize { ContentSize(width: Double(pageCount) * pageWidth, height: pageHeight) }

    /// Grows whenever any document's revision does (each only grows), so it changes with
    /// every change of theirs.
    public var revision: Int { documents.reduce(0) { $0 + $1.revision } }

    /// Everything, for any change: a document's new page count moves all pages after it.
    public func changes(since revision: Int) -> ContentChange {
        revision == self.revision ? .none : .everything
    }

    public func setViewportSize(width: Double, height: Double) {
        pageWidth = width
        pageHeight = height
        for document in documents { document.setViewportSize(width: width, height: height) }
    }

    /// The first document's reading position: positions are remembered per file.
    public var anchorOffset: ContentPoint { documents.first?.anchorOffset ?? .zero }

    public var readingAnchor: ReadingAnchor {
        get { documents.first?.readingAnchor ?? .top }
        set { documents.first?.readingAnchor = newValue }
    }

    /// Prepares the document in the middle of `visible`; pages that documents before it gain
    /// or lose as they are laid out move the content across by whole pages.
    public func prepare(_ visible: ContentRect, margin: Double, drawScale: Double) -> ContentPoint {
        guard pageWidth > 0, !documents.isEmpty else { return .zero }
        let index = document(atX: visible.x + visible.width / 2)
        let before = firstPage(of: index)
        let left = Double(before) * pageWidth
        let moved = documents[index].prepare(
            ContentRect(x: visible.x - left, y: visible.y, width: visible.width, height: visible.height), margin: margin,
            drawScale: drawScale)
        return ContentPoint(x: moved.x + Double(firstPage(of: index) - before) * pageWidth, y: 0)
    }

    public func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        guard pageWidth > 0 else { return }
        var left = 0.0
        for document in documents {
            let width = Double(document.pageCount) * pageWidth
            if left < rect.maxX, left + width > rect.x {
                cairo_save(cairo)
                cairo_translate(cairo, left, 0)
                document.draw(ContentRect(x: rect.x - left, y: rect.y, width: rect.width, height: rect.height), on: cairo)
                cairo_restore(cairo)
            }
            left += width
        }
    }

    /// The title of the document that page `page` belongs to, when there are several.
    public func title(ofPage page: Int) -> String? {
        guard documents.count > 1 else { return nil }
        var first = 0
        for document in documents {
            first += document.pageCount
            if page < first { return document.document.title }
        }
        return documents.last?.document.title
    }

    /// The page where document `index` begins.
    private func firstPage(of index: Int) -> Int {
        documents[..<index].reduce(0) { $0 + $1.pageCount }
    }

    /// The document whose pages hold `x`, clamped to the documents there are.
    private func document(atX x: Double) -> Int {
        var left = 0.0
        for (index, document) in documents.enumerated() {
            left += Double(document.pageCount) * pageWidth
            if x < left { return index }
        }
        return documents.count - 1
    }
}
