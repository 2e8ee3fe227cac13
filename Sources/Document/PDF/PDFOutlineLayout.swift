import Localization

/// A PDF's outline (its bookmarks, or its pages when it has none) as the list above the pages
/// in `--split`, with the rows of the text outline. The worker reads the outline; until it
/// arrives the list says so.
public final class PDFOutlineLayout: OutlineList {
    public let pages: PDFLayout
    public var palette: Palette {
        didSet { if palette != oldValue { changeLog.record(.everything) } }
    }
    public private(set) var entries: [PDFOutline.Entry] = []
    private var hasArrived = false
    private let typography = Typography()
    public private(set) var viewportWidth = 0.0
    public private(set) var viewportHeight = 0.0
    private var changeLog = ChangeLog()
    private var anchorRow = 0
    /// The last answer of `heading(onPage:)`: asked every frame, costs a pass over the rows.
    private var lastHeadingOnPage: (page: Int, row: Int?)?

    public var highlightedHeading: Int? {
        didSet { redrawRows(oldValue, highlightedHeading) }
    }

    /// The row under the pointer, lightly tinted (as `OutlineLayout.hoveredHeading`).
    public var hoveredHeading: Int? {
        didSet { redrawRows(oldValue, hoveredHeading) }
    }

    /// The row the keyboard has reached, ringed (as `OutlineLayout.focusedHeading`).
    public var focusedHeading: Int? {
        didSet { redrawRows(oldValue, focusedHeading) }
    }

    public var headingCount: Int { entries.count }

    /// Records that the rows of `old` and `new` are to be drawn again, when they differ.
    private func redrawRows(_ old: Int?, _ new: Int?) {
        OutlineRows.redraw(old, new, count: entries.count, width: viewportWidth, in: &changeLog)
    }

    public init(pages: PDFLayout, palette: Palette = .light) {
        self.pages = pages
        self.palette = palette
        pages.loadOutline { [weak self] outline in
            guard let self else { return }
            entries = outline.entries
            hasArrived = true
            lastHeadingOnPage = nil
            changeLog.record(.everything)
        }
    }

    public var revision: Int { changeLog.revision }

    public func changes(since revision: Int) -> ContentChange { changeLog.changes(since: revision) }

    private var rowCount: Int { max(entries.count, 1) }

    public var contentSize: ContentSize {
        OutlineRows.contentSize(rowCount: rowCount, width: viewportWidth, viewportHeight: viewportHeight)
    }

    public func setViewportSize(width: Double, height: Double) {
        viewportHeight = height
        guard width != viewportWidth else { return }
        viewportWidth = width
        changeLog.record(.everything)
    }

    public func rowRect(ofHeading index: Int) -> ContentRect {
        OutlineRows.rect(ofRow: index, width: viewportWidth)
    }

    public func heading(atY y: Double) -> Int? {
        OutlineRows.row(atY: y, count: entries.count)
    }

    public func page(ofHeading index: Int) -> Int { entries[index].destination.page }

    /// The last row, in outline order, whose page is `page` or before it (bookmarks need not
    /// be in page order).
    public func heading(onPage page: Int) -> Int? {
        if let last = lastHeadingOnPage, last.page == page { return last.row }
        let row = entries.indices.last { entries[$0].destination.page <= page }
        lastHeadingOnPage = (page, row)
        return row
    }

    public var anchorOffset: ContentPoint { ContentPoint(x: 0, y: rowRect(ofHeading: anchorRow).y) }

    public var readingAnchor: ReadingAnchor {
        get { ReadingAnchor(section: anchorRow, block: 0, fraction: 0) }
        set { if (0..<rowCount).contains(newValue.section) { anchorRow = newValue.section } }
    }

    public func prepare(_ visible: ContentRect, margin: Double) -> ContentPoint {
        let row = ((visible.y - OutlineLayout.listPaddingPixels) / OutlineLayout.rowHeightPixels).rounded()
        anchorRow = min(max(Int(row), 0), rowCount - 1)
        return .zero
    }

    public func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        guard viewportWidth > 0 else { return }
        let measure = typography.measure(forWindowWidth: viewportWidth)
        let left = ((viewportWidth - measure) / 2).rounded()
        let painter = OutlineRowPainter(palette: palette, typography: typography, viewportWidth: viewportWidth)
        guard !entries.isEmpty else {
            let text = hasArrived ? localized("No pages") : localized("Reading the outline…")
            painter.drawRow(text: text, level: 1, color: palette.secondaryText,
                            in: rowRect(ofHeading: 0), left: left, width: measure, on: cairo)
            return
        }
        let first = max(0, Int(((rect.y - OutlineLayout.listPaddingPixels) / OutlineLayout.rowHeightPixels).rounded(.down)))
        let last = min(entries.count - 1, Int(((rect.maxY - OutlineLayout.listPaddingPixels) / OutlineLayout.rowHeightPixels).rounded(.down)))
        guard first <= last else { return }
        for index in first...last {
            let entry = entries[index]
            let row = rowRect(ofHeading: index)
            if index == highlightedHeading {
                painter.drawHighlight(row, left: left, width: measure, on: cairo)
            } else if index == hoveredHeading {
                painter.drawTint(row, left: left, width: measure, opacity: OutlineLayout.hoverOpacity, on: cairo)
            }
            if index == focusedHeading { painter.drawFocusRing(row, left: left, width: measure, on: cairo) }
            let indent = Double(entry.level - 1) * OutlineLayout.indentPerLevelPixels
            painter.drawRow(text: entry.title, level: entry.level, color: entry.level >= 3 ? palette.secondaryText : palette.text,
                            in: row, left: left + indent, width: measure - indent, on: cairo)
        }
    }
}
