/// A document's outline as a vertical list, for the top pane of the split view: a row per
/// heading, indented by level, the heading of the page shown tinted; tapping a row turns the
/// pages below to its heading.
///
/// Coordinates are the list's: logical px at zoom 1, rows from the top.
public final class OutlineLayout: ContentLayout {
    public let outline: DocumentOutline
    /// The pages the headings are found on.
    public let pages: HorizontalPagesLayout
    public var palette: Palette {
        didSet { if palette != oldValue { changeLog.record(.everything) } }
    }

    /// The heading whose row is tinted (the one of the page shown), nil for none.
    public var highlightedHeading: Int? {
        didSet { redrawRows(oldValue, highlightedHeading) }
    }

    /// The heading whose row the pointer is over, lightly tinted as a list row is under the
    /// pointer, so a click's target shows before the click; nil for none.
    public var hoveredHeading: Int? {
        didSet { redrawRows(oldValue, hoveredHeading) }
    }

    /// The heading the keyboard has reached (Up and Down move it, Return opens it), ringed as
    /// a focused list row is; nil while the keyboard has not moved in the list.
    public var focusedHeading: Int? {
        didSet { redrawRows(oldValue, focusedHeading) }
    }

    public var headingCount: Int { outline.headings.count }

    /// Records that the rows of `old` and `new` are to be drawn again, when they differ.
    private func redrawRows(_ old: Int?, _ new: Int?) {
        OutlineRows.redraw(old, new, count: outline.headings.count, width: viewportWidth, in: &changeLog)
    }

    /// A row's height in logical px: Material's 48 dp touch target, above the 44 pt minimum of
    /// Apple's Human Interface Guidelines.
    static let rowHeightPixels = 48.0
    /// Space above the first row and below the last in logical px.
    static let listPaddingPixels = 8.0

    public private(set) var viewportWidth = 0.0
    public private(set) var viewportHeight = 0.0
    private var changeLog = ChangeLog()
    /// The row at the top of the list when last prepared: the reading position.
    private var anchorRow = 0

    public init(pages: HorizontalPagesLayout, palette: Palette = .light) {
        self.pages = pages
        outline = DocumentOutline(document: pages.document)
        self.palette = palette
    }

    public var revision: Int { changeLog.revision }

    public func changes(since revision: Int) -> ContentChange { changeLog.changes(since: revision) }

    /// One row a heading; one for the note that there are none.
    private var rowCount: Int { max(outline.headings.count, 1) }

    public var contentSize: ContentSize {
        OutlineRows.contentSize(rowCount: rowCount, width: viewportWidth, viewportHeight: viewportHeight)
    }

    public func setViewportSize(width: Double, height: Double) {
        viewportHeight = height
        guard width != viewportWidth else { return }
        viewportWidth = width
        changeLog.record(.everything)
    }

    /// Where the row of heading `index` is, in the list's coordinates: to keep the highlighted
    /// row in view.
    public func rowRect(ofHeading index: Int) -> ContentRect {
        OutlineRows.rect(ofRow: index, width: viewportWidth)
    }

    /// The heading whose row holds `y` (list coordinates), for a tap; nil between the rows'
    /// ends and the list's.
    public func heading(atY y: Double) -> Int? {
        OutlineRows.row(atY: y, count: outline.headings.count)
    }

    /// The page (from 0) heading `index` is on: exact once its section is laid out, estimated
    /// before (see `DocumentLayout.page(of:)`).
    public func page(ofHeading index: Int) -> Int {
        pages.page(of: outline.headings[index].location)
    }

    /// The last heading that starts on or before `page`, nil when the page comes before the
    /// first heading. Headings' pages never decrease in document order, estimated or not.
    public func heading(onPage page: Int) -> Int? {
        var low = 0, high = outline.headings.count
        while low < high {
            let middle = (low + high) / 2
            if self.page(ofHeading: middle) <= page { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }

    public var anchorOffset: ContentPoint { ContentPoint(x: 0, y: rowRect(ofHeading: anchorRow).y) }

    /// The row at the top of the list (`section`).
    public var readingAnchor: ReadingAnchor {
        get { ReadingAnchor(section: anchorRow, block: 0, fraction: 0) }
        set { if (0..<rowCount).contains(newValue.section) { anchorRow = newValue.section } }
    }

    /// Notes the row mostly in view at the top. Rows are set as they are drawn: nothing to
    /// lay out, nothing moves.
    public func prepare(_ visible: ContentRect, margin: Double) -> ContentPoint {
        let row = ((visible.y - OutlineLayout.listPaddingPixels) / OutlineLayout.rowHeightPixels).rounded()
        anchorRow = min(max(Int(row), 0), rowCount - 1)
        return .zero
    }
}

/// A list of outline rows above paged content (`--split`): what the viewer asks of it,
/// whichever document the outline comes from.
public protocol OutlineList: ContentLayout {
    /// The row tinted as the one of the page shown.
    var highlightedHeading: Int? { get set }
    /// The row under the pointer, lightly tinted; nil for none.
    var hoveredHeading: Int? { get set }
    /// The row the keyboard has reached, ringed; nil while the keyboard has not moved in the list.
    var focusedHeading: Int? { get set }
    /// How many rows the list has.
    var headingCount: Int { get }
    /// The row at `y` (list coordinates), for a tap.
    func heading(atY y: Double) -> Int?
    /// The page (from 0) row `index` leads to.
    func page(ofHeading index: Int) -> Int
    /// The last row leading to `page` or before it.
    func heading(onPage page: Int) -> Int?
    /// Where row `index` is in the list.
    func rowRect(ofHeading index: Int) -> ContentRect
}

extension OutlineLayout: OutlineList {}
