import Localization

/// An outline as a vertical list, for the top pane of the split view: a row per entry,
/// indented by level, the row of the page shown tinted; tapping a row turns the pages below
/// to it. One list for every kind: its rows come from the kind's `OutlineSource`.
///
/// Coordinates are the list's: logical px at zoom 1, rows from the top.
public final class OutlineListLayout: ContentLayout {
    public let source: any OutlineSource
    public var palette: Palette {
        didSet { if palette != oldValue { changeLog.record(.everything) } }
    }

    /// The row tinted as the one of the page shown, nil for none.
    public var highlightedHeading: Int? {
        didSet { redrawRows(oldValue, highlightedHeading) }
    }

    /// The row the pointer is over, lightly tinted as a list row is under the pointer, so a
    /// click's target shows before the click; nil for none.
    public var hoveredHeading: Int? {
        didSet { redrawRows(oldValue, hoveredHeading) }
    }

    /// The row the keyboard has reached (Up and Down move it, Return opens it), ringed as a
    /// focused list row is; nil while the keyboard has not moved in the list.
    public var focusedHeading: Int? {
        didSet { redrawRows(oldValue, focusedHeading) }
    }

    /// A row's height in logical px: Material's 48 dp touch target, above the 44 pt minimum of
    /// Apple's Human Interface Guidelines.
    public static let rowHeightPixels = 48.0
    /// Space above the first row and below the last in logical px.
    public static let listPaddingPixels = 8.0

    /// The rows are set in the body text's size and column.
    let typography = Typography()
    public private(set) var viewportWidth = 0.0
    public private(set) var viewportHeight = 0.0
    var changeLog = ChangeLog()
    /// The row at the top of the list when last prepared: the reading position.
    private var anchorRow = 0
    /// The last answer of `heading(onPage:)`: asked every frame, and for rows out of page
    /// order it costs a pass over them.
    private var lastHeadingOnPage: (page: Int, row: Int?)?

    public init(source: any OutlineSource, palette: Palette = .light) {
        self.source = source
        self.palette = palette
        source.whenLoaded { [weak self] in
            guard let self else { return }
            lastHeadingOnPage = nil
            changeLog.record(.everything)
        }
    }

    /// The rows known now (none until the source has them).
    public var entries: [OutlineEntry] { source.entries ?? [] }

    public var headingCount: Int { entries.count }

    /// Where row `index` leads.
    public func target(ofHeading index: Int) -> OutlineTarget { source.target(ofEntry: index) }

    /// Whether row `index`'s place is still being found off the loop (see `OutlineSource`).
    public func isFindingTarget(ofHeading index: Int) -> Bool { source.isFindingTarget(ofEntry: index) }

    public var revision: Int { changeLog.revision }

    public func changes(since revision: Int) -> ContentChange { changeLog.changes(since: revision) }

    /// One row an entry; one for the note that there are none.
    private var rowCount: Int { max(entries.count, 1) }

    /// The rows and their padding, and at least the viewport's height (a scroll view centres
    /// shorter content, and a short list belongs at the top).
    public var contentSize: ContentSize {
        let rows = 2 * OutlineListLayout.listPaddingPixels + Double(rowCount) * OutlineListLayout.rowHeightPixels
        return ContentSize(width: viewportWidth, height: max(rows, viewportHeight))
    }

    public func setViewportSize(width: Double, height: Double) {
        viewportHeight = height
        guard width != viewportWidth else { return }
        viewportWidth = width
        changeLog.record(.everything)
    }

    /// Where the row of entry `index` is, in the list's coordinates: to keep the highlighted
    /// row in view.
    public func rowRect(ofHeading index: Int) -> ContentRect {
        ContentRect(x: 0, y: OutlineListLayout.listPaddingPixels + Double(index) * OutlineListLayout.rowHeightPixels,
                    width: viewportWidth, height: OutlineListLayout.rowHeightPixels)
    }

    /// The row that holds `y` (list coordinates), for a tap; nil between the rows' ends and
    /// the list's.
    public func heading(atY y: Double) -> Int? {
        let row = ((y - OutlineListLayout.listPaddingPixels) / OutlineListLayout.rowHeightPixels).rounded(.down)
        guard row >= 0, row < Double(entries.count) else { return nil }
        return Int(row)
    }

    /// The page (from 0) row `index` leads to.
    public func page(ofHeading index: Int) -> Int { source.page(ofEntry: index) }

    /// The label of the page row `index` leads to, where it has one (`xii`).
    public func pageLabel(ofHeading index: Int) -> String? { source.pageLabel(ofEntry: index) }

    /// The last row, in outline order, that is on `page` or before it; nil when the page comes
    /// before the first row.
    public func heading(onPage page: Int) -> Int? {
        if let last = lastHeadingOnPage, last.page == page { return last.row }
        let row: Int?
        if source.isInPageOrder {
            var low = 0, high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if self.page(ofHeading: middle) <= page { low = middle + 1 } else { high = middle }
            }
            row = low > 0 ? low - 1 : nil
            // Estimated pages become exact as the text is laid out: asked anew each time.
            return row
        }
        row = entries.indices.last { self.page(ofHeading: $0) <= page }
        lastHeadingOnPage = (page, row)
        return row
    }

    public var anchorOffset: ContentPoint { ContentPoint(x: 0, y: rowRect(ofHeading: anchorRow).y) }

    /// The row at the top of the list (`section`).
    public var readingAnchor: ReadingAnchor {
        get { ReadingAnchor(section: anchorRow, block: 0, fraction: 0) }
        set { if (0..<rowCount).contains(newValue.section) { anchorRow = newValue.section } }
    }

    /// Notes the row mostly in view at the top. Rows are set as they are drawn: nothing to lay
    /// out, nothing moves.
    public func prepare(_ visible: ContentRect, margin: Double, drawScale: Double) -> ContentPoint {
        let row = ((visible.y - OutlineListLayout.listPaddingPixels) / OutlineListLayout.rowHeightPixels).rounded()
        anchorRow = min(max(Int(row), 0), rowCount - 1)
        return .zero
    }

    /// Records that the rows of `old` and `new` are to be drawn again, when a row state
    /// (highlight, hover, focus) moved from one to the other.
    private func redrawRows(_ old: Int?, _ new: Int?) {
        guard old != new else { return }
        for row in [old, new].compactMap({ $0 }) where entries.indices.contains(row) {
            let rect = rowRect(ofHeading: row)
            changeLog.record(.band(rect.y...rect.maxY))
        }
    }
}
