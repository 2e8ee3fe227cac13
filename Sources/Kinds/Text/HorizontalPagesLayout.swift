import CCairo
import DocumentKit
import ImageDecoding

/// A text document as pages side by side, for horizontal paging with a page control: the
/// pages of a paginated `DocumentLayout` (the viewport's height each, never cutting a line),
/// page i's band y ∈ [i·H, (i+1)·H) of that layout shown at x ∈ [i·W, (i+1)·W), one viewport
/// high. Laziness, estimates and the reading position are the paginated layout's.
public final class HorizontalPagesLayout: ContentLayout {
    /// The same pages stacked vertically, where they are laid out.
    let column: DocumentLayout

    public init(document: TextDocument, palette: Palette = .light, images: ImageStore = ImageStore()) {
        column = DocumentLayout(document: document, palette: palette, images: images)
        column.isPaginated = true
        // Pages have no reading tools yet (no find, selection, or tap on a link or a summary:
        // `readableText` and `link(at:)` are nil), so a closed disclosure could never be
        // opened: every one is shown open, with its ▾.
        column.disclosureState.showsEverything = true
    }

    public var document: TextDocument { column.document }

    var disclosureState: DisclosureState { column.disclosureState }
    var disclosureRevision: Int { column.disclosureRevision }

    public var palette: Palette {
        get { column.palette }
        set { column.palette = newValue }
    }

    /// Room kept clear at the bottom of every page, in logical px: the band the page control
    /// needs, so at rest it covers no text.
    public var pageBottomInsetPixels: Double {
        get { column.pageBottomInsetPixels }
        set { column.pageBottomInsetPixels = newValue }
    }

    /// How many pages there are; it changes as estimated sections are laid out.
    public var pageCount: Int { column.pageCount }

    public var hasPendingLayout: Bool { column.hasPendingLayout }

    public var isReadingContent: Bool { column.isReadingContent }

    /// Whether a chapter of a book the pages want is still being read (for tests and programs
    /// that draw once, as `DocumentLayout.isReadingChapters`).
    public var isReadingChapters: Bool { column.isReadingChapters }

    /// The page (from 0) on which the text of the block at `location` starts: see
    /// `DocumentLayout.page(of:)` for when it is exact.
    public func page(of location: BlockLocation) -> Int { column.page(of: location) }

    private var pageWidth: Double { column.viewportWidth }
    private var pageHeight: Double { column.viewportHeight }

    public var contentSize: ContentSize { ContentSize(width: Double(pageCount) * pageWidth, height: pageHeight) }

    /// Every change is the column's (palette, viewport, laying out), so they share revisions.
    public var revision: Int { column.revision }

    /// Everything, for any change of the column: a band of its y is a run of pages here,
    /// which a band of y cannot describe.
    public func changes(since revision: Int) -> ContentChange {
        column.changes(since: revision) == .none ? .none : .everything
    }

    public func setViewportSize(width: Double, height: Double) {
        column.setViewportSize(width: width, height: height)
    }

    public var anchorOffset: ContentPoint {
        guard pageHeight > 0 else { return .zero }
        return ContentPoint(x: (column.anchorOffset.y / pageHeight).rounded() * pageWidth, y: 0)
    }

    public var readingAnchor: ReadingAnchor {
        get { column.readingAnchor }
        set { column.readingAnchor = newValue }
    }

    /// Lays out the page in the middle of `visible`, whose first line becomes the reading
    /// position, and the pages within `margin` of `visible`, at least one either side so a
    /// swipe finds its page ready. A correction of the pages before it moves the content
    /// across by whole pages.
    public func prepare(_ visible: ContentRect, margin: Double, drawScale: Double) -> ContentPoint {
        guard pageWidth > 0, pageHeight > 0 else { return .zero }
        let current = page(atX: visible.x + visible.width / 2)
        let around = max(current - page(atX: visible.x - margin), page(atX: visible.maxX + margin) - current, 1)
        let moved = column.prepare(ContentRect(x: 0, y: Double(current) * pageHeight, width: pageWidth, height: pageHeight),
                                   margin: Double(around) * pageHeight, drawScale: drawScale)
        return ContentPoint(x: (moved.y / pageHeight).rounded() * pageWidth, y: 0)
    }

    public func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        guard pageWidth > 0, pageHeight > 0 else { return }
        let top = max(rect.y, 0), bottom = min(rect.maxY, pageHeight)
        guard top < bottom else { return }
        // A rect that ends on a page's left edge does not reach into that page.
        for page in page(atX: rect.x)...page(atX: max(rect.x, rect.maxX - 0.001)) {
            let left = Double(page) * pageWidth, shift = Double(page) * pageHeight
            // What a block crossing the page's edge draws of the other page lands above or
            // below the content, where nothing shows.
            cairo_save(cairo)
            cairo_translate(cairo, left, -shift)
            column.draw(ContentRect(x: rect.x - left, y: top + shift, width: rect.width, height: bottom - top), on: cairo)
            cairo_restore(cairo)
        }
    }

    /// The page whose span holds `x`, clamped to the pages there are.
    private func page(atX x: Double) -> Int {
        min(max(Int((x / pageWidth).rounded(.down)), 0), pageCount - 1)
    }
}
