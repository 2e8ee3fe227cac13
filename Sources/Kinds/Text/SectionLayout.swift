import CCairo
import CPangoCairo
import DocumentKit

/// Where a column sits in the window and how it is paged, in logical px.
struct ColumnGeometry: Equatable {
    /// The column's left edge and width.
    var left: Double
    var width: Double
    /// The page height in paging mode (the viewport's), nil for one continuous column.
    var pageHeight: Double?
    /// The margin above the text of every page in paging mode.
    var pageMargin: Double
    /// The margin below the text of every page in paging mode: the top margin, or more where
    /// a page control needs the room.
    var pageBottomMargin: Double
    /// The span across the window, logical px from its left, that a table wider than the
    /// column may take: the window less its side margins. Nil: the column only.
    var roomAcross: ClosedRange<Double>? = nil
    /// The viewport's height, which an image shown as a page fits (`BlockStyle.fitsViewport`);
    /// nil when not known.
    var viewportHeight: Double? = nil

    /// The height of a page's text area.
    var pageTextHeight: Double? { pageHeight.map { $0 - pageMargin - pageBottomMargin } }

    /// The viewport's height less the page margins: the most a page's picture takes in a
    /// column that scrolls.
    var viewportTextHeight: Double? { viewportHeight.map { max($0 - pageMargin - pageBottomMargin, 1) } }

    /// The top of the text area of the page that holds `y`.
    func pageTextTop(at y: Double) -> Double {
        guard let pageHeight else { return 0 }
        return (y / pageHeight).rounded(.down) * pageHeight + pageMargin
    }

    /// The bottom of the text area of the page that holds `y`.
    func pageTextBottom(at y: Double) -> Double {
        guard let pageHeight else { return .infinity }
        return ((y / pageHeight).rounded(.down) + 1) * pageHeight - pageBottomMargin
    }

    /// The top of the text area of the page after the one that holds `y`.
    func nextPageTextTop(after y: Double) -> Double {
        guard let pageHeight else { return y }
        return ((y / pageHeight).rounded(.down) + 1) * pageHeight + pageMargin
    }
}

/// A section's blocks placed in the column, y measured from the section's top. In paging mode
/// the section starts on a page, a line that would cross a page's bottom margin moves to the
/// next page, and the section's height is whole pages.
final class SectionLayout {
    struct PlacedBlock {
        let layout: BlockLayout
        let block: Block
        let left: Double
        let top: Double
        let width: Double
        /// With the gaps of page breaks inside it.
        let height: Double
        /// From line `line` on, lines are drawn `shift` logical px lower (a page break).
        let shifts: [(line: Int, shift: Double)]
        /// The disclosure triangle drawn left of a summary's first line, in the `width` logical
        /// px left of `left` (its text's edge), and whether it shows its disclosure open; nil
        /// for other blocks.
        var marker: (layout: BlockLayout, width: Double, isOpen: Bool)? = nil

        /// Whether the block is inside a closed disclosure: it takes no room and is not drawn.
        var isHidden: Bool { layout.isHidden }

        func shift(ofLine line: Int) -> Double {
            shifts.last { $0.line <= line }?.shift ?? 0
        }

        /// Where line `index` is drawn, from the section's top, page breaks included.
        func extent(ofLine index: Int) -> (top: Double, bottom: Double) {
            let line = layout.lines[index]
            let offset = top + layout.inset + shift(ofLine: index)
            return (offset + line.top, offset + line.bottom)
        }

        /// The top of the first line that ends below `y` (from the section's top): where the
        /// text at `y` shows, past the gap of a page break. The block's top when it has no
        /// lines (images and rules move whole), `y` when it is below the last line.
        func lineTop(atOrBelow y: Double) -> Double {
            guard !layout.lines.isEmpty else { return top }
            return layout.lines.indices.lazy.map(extent(ofLine:)).first { $0.bottom > y }?.top ?? y
        }
    }

    let blocks: [PlacedBlock]
    /// The blocks that draw an image, as one or in their lines (a logo): a frame tells them
    /// the size they are drawn at, and a section without any costs that nothing.
    let imageBlockIndices: [Int]
    let height: Double
    /// Whether any block is shown: a section of only closed disclosures' blocks is as blank as
    /// an empty one.
    let hasShownBlock: Bool
    /// The worker's font map the section was shaped in, nil when shaped on the loop; each of
    /// its blocks holds it too (`BlockLayout.fontMapLease`).
    let fontMapLease: FontMapLease?

    /// The room a summary's disclosure triangle takes left of its text: one em of the
    /// summary's type, the triangle and the space after it, as a browser's `list-style:
    /// inside` marker of `<summary>` takes.
    static func markerWidth(of block: Block, _ typography: Typography) -> Double {
        typography.fontSize(for: block.kind).rounded()
    }

    /// The block shown at `y` (logical px from the section's top): the last shown block that
    /// starts at or above it, else the first shown one; nil when none is shown.
    func shownBlockIndex(at y: Double) -> Int? {
        blocks.lastIndex { !$0.isHidden && $0.top <= y } ?? blocks.firstIndex { !$0.isHidden }
    }

    /// The least share of a page's text area that must be filled before a block that does
    /// not fit is moved to the next page: below it, an image is scaled into the room left
    /// (text is split between lines), so a page is never left mostly blank. A half: an image
    /// keeps at least half the height it would have on a page of its own.
    static let leastFilledShareOfPage = 0.5

    init(blocks source: [Block], isFirstSection: Bool, shaper: BlockShaper, column: ColumnGeometry,
         disclosures: SectionDisclosures) {
        let typography = shaper.typography
        let isPaged = column.pageHeight != nil
        var placed: [PlacedBlock] = []
        var y = isPaged ? column.pageMargin : 0
        var hasShownBlock = false
        var previousShown: Block?
        for block in source {
            guard disclosures.isShown(block) else {
                // Kept in place, so blocks keep their numbers whatever is open.
                placed.append(PlacedBlock(layout: BlockLayout(content: .hidden, inset: 0), block: block, left: column.left,
                                          top: y, width: 0, height: 0, shifts: []))
                continue
            }
            let isAtPageTop = isPaged && abs(y - column.pageTextTop(at: y)) < 0.5
            let isFirst = !hasShownBlock && (isFirstSection || isPaged)
            hasShownBlock = true
            if isPaged, block.style.startsPage, !isFirst, !isAtPageTop, !block.continuesPrevious {
                // A book's `break-before: page`: the block opens the next page.
                y = column.nextPageTextTop(after: y)
            } else if !(isFirst || block.continuesPrevious || isAtPageTop) {
                // Whole px, so rules and images sit on the pixel grid at scale 1.
                y += SectionLayout.space(before: block, after: previousShown, typography).rounded()
                if y >= column.pageTextBottom(at: y - 1) { y = column.nextPageTextTop(after: y - 1) }
            }
            previousShown = block
            let markerWidth = block.disclosure?.summaryOf == nil ? 0 : SectionLayout.markerWidth(of: block, typography)
            let indent = Double(block.quoteDepth + block.listDepth) * typography.indentPixels + markerWidth
            let width = max(column.width - indent, 40)
            let maximumImageHeight = column.pageTextHeight
                ?? (block.style.fitsViewport ? column.viewportTextHeight : nil) ?? .infinity
            let room = column.tableRoom(blockLeft: column.left + indent, width: width, isIndented: indent > 0)
            var layout = shaper.shape(block, width: width, maximumImageHeight: maximumImageHeight,
                                      tableRoom: room.upperBound - room.lowerBound)
            var shifts: [(line: Int, shift: Double)] = []
            if isPaged {
                if layout.lines.isEmpty {
                    let startsPage = abs(y - column.pageTextTop(at: y)) < 0.5
                    let room = column.pageTextBottom(at: y) - y
                    if layout.height > room + 0.5, !startsPage {
                        if let textHeight = column.pageTextHeight, room >= textHeight * SectionLayout.leastFilledShareOfPage,
                           case .image = layout.content {
                            // Moving the image on would leave this page mostly blank: it is
                            // scaled to the room left instead.
                            layout = shaper.shape(block, width: width, maximumImageHeight: room.rounded(.down))
                        } else {
                            y = column.nextPageTextTop(after: y)
                        }
                    }
                } else {
                    shifts = SectionLayout.pageBreaks(of: layout, at: y, column: column)
                }
            }
            let height = layout.height + (shifts.last?.shift ?? 0)
            let place = layout.placement(blockLeft: column.left + indent, width: width, room: room)
            layout.fontMapLease = shaper.fontMapLease
            var item = PlacedBlock(layout: layout, block: block, left: place.left, top: y,
                                   width: place.width, height: height, shifts: shifts)
            if let isOpen = disclosures.summaryIsOpen(block) {
                let marker = shaper.shapeMarker(isOpen: isOpen, for: block)
                marker.fontMapLease = shaper.fontMapLease
                item.marker = (marker, markerWidth, isOpen)
            }
            placed.append(item)
            y += height
        }
        blocks = placed
        imageBlockIndices = placed.indices.filter { index in
            if case .image = placed[index].layout.content { return true }
            return !placed[index].layout.inlineImages.isEmpty
        }
        self.hasShownBlock = hasShownBlock
        fontMapLease = shaper.fontMapLease
        if let pageHeight = column.pageHeight {
            height = !hasShownBlock ? 0 : max(1, ((y + column.pageBottomMargin) / pageHeight - 0.001).rounded(.up)) * pageHeight
        } else {
            height = y.rounded(.up)
        }
    }

    /// The space between `block` and the shown block `previous` before it: Glide's space
    /// after a block and before one of its kind, or where a book's CSS gives margins, the
    /// larger of the two sides (CSS's margins collapse), the side it gives none Glide's.
    static func space(before block: Block, after previous: Block?, _ typography: Typography) -> Double {
        let after = previous?.style.marginBottomEms.map { $0 * typography.bodySizePixels } ?? typography.spaceAfterBlock
        guard let top = block.style.marginTopEms else { return after + typography.spaceBefore(block.kind) }
        return max(after, top * typography.bodySizePixels)
    }

    /// The lines of a block placed at `top` that start a new page: a line whose bottom would
    /// pass a page's text area moves to the next page, unless it already starts its page.
    private static func pageBreaks(of layout: BlockLayout, at top: Double, column: ColumnGeometry)
        -> [(line: Int, shift: Double)] {
        var shifts: [(line: Int, shift: Double)] = []
        var shift = 0.0
        for (index, line) in layout.lines.enumerated() {
            let lineTop = top + layout.inset + line.top + shift
            let lineBottom = top + layout.inset + line.bottom + shift
            let pageTop = column.pageTextTop(at: lineTop)
            if lineBottom > column.pageTextBottom(at: lineTop) + 0.5 || lineTop < pageTop - 0.5, lineTop > pageTop + 0.5 {
                let moved = column.nextPageTextTop(after: lineTop) - lineTop
                shift += moved
                shifts.append((index, shift))
            }
        }
        return shifts
    }

    /// Draws the blocks that meet the band from `top` to `bottom` (logical px from the
    /// section's top) onto `cairo`, whose user space has the section's top at y = 0.
    func draw(top: Double, bottom: Double, palette: Palette, typography: Typography, on cairo: OpaquePointer) {
        for item in blocks where !item.isHidden && item.top < bottom && item.top + item.height > top {
            drawDecorations(of: item, palette: palette, typography: typography, on: cairo)
            let color = item.block.quoteDepth > 0 || item.block.kind == .caption || isPlaceholder(item)
                ? palette.secondaryText : palette.text
            set(color, on: cairo)
            if let marker = item.marker, let first = item.layout.lines.first {
                // On the first line's baseline, as a list marker sits.
                let baseline = item.extent(ofLine: 0).top - first.top + first.baseline
                marker.layout.drawLine(0, x: item.left - marker.width, baselineY: baseline, on: cairo)
            }
            let marksWraps = item.block.kind == .plainText || item.block.kind == .code
            for (index, line) in item.layout.lines.enumerated() {
                let extent = item.extent(ofLine: index)
                guard extent.top < bottom, extent.bottom > top else { continue }
                let baseline = extent.top - line.top + line.baseline
                item.layout.drawLine(index, x: item.left + item.layout.inset, baselineY: baseline, on: cairo)
                if marksWraps, line.isContinuation {
                    drawContinuationMark(x: item.left + item.layout.inset - typography.continuationMarkOffsetPixels,
                                         baseline: baseline, size: typography.codeSizePixels, palette: palette, on: cairo)
                    set(color, on: cairo)
                }
            }
        }
    }

    /// A small hooked arrow (as ↪) left of a line that a long line wrapped onto, so a wrapped
    /// line of a log is not read as a new one.
    private func drawContinuationMark(x: Double, baseline: Double, size: Double, palette: Palette, on cairo: OpaquePointer) {
        let width = size * 0.6, middle = baseline - size * 0.3, head = size * 0.2
        set(palette.secondaryText, on: cairo)
        cairo_set_line_width(cairo, 1.2)
        cairo_move_to(cairo, x, middle - size * 0.45)
        cairo_line_to(cairo, x, middle)
        cairo_line_to(cairo, x + width, middle)
        cairo_move_to(cairo, x + width - head, middle - head)
        cairo_line_to(cairo, x + width, middle)
        cairo_line_to(cairo, x + width - head, middle + head)
        cairo_stroke(cairo)
    }

    /// A chapter break's ornament: a small diamond between two short hairlines, an em and a
    /// half each, in the muted colours of rules and secondary text, on the pixel grid.
    private func drawChapterOrnament(centreX: Double, centreY: Double, em: Double, palette: Palette,
                                     on cairo: OpaquePointer) {
        let x = centreX.rounded(), y = centreY.rounded()
        let radius = (em * 0.25).rounded(), gap = (em * 0.6).rounded(), length = (em * 1.5).rounded()
        set(palette.rule, on: cairo)
        cairo_rectangle(cairo, x - gap - length, y, length, 1)
        cairo_rectangle(cairo, x + gap, y, length, 1)
        cairo_fill(cairo)
        set(palette.secondaryText, on: cairo)
        cairo_move_to(cairo, x, y + 0.5 - radius)
        cairo_line_to(cairo, x + radius, y + 0.5)
        cairo_line_to(cairo, x, y + 0.5 + radius)
        cairo_line_to(cairo, x - radius, y + 0.5)
        cairo_close_path(cairo)
        cairo_fill(cairo)
    }

    private func isPlaceholder(_ item: PlacedBlock) -> Bool {
        if case .placeholder = item.layout.content { return true }
        return false
    }

    /// Backgrounds, frames, quote bars, rules and images: everything but text.
    private func drawDecorations(of item: PlacedBlock, palette: Palette, typography: Typography, on cairo: OpaquePointer) {
        let segments = self.segments(of: item)
        for depth in 0..<item.block.quoteDepth {
            set(palette.rule, on: cairo)
            let x = item.left - Double(item.block.quoteDepth - depth) * typography.indentPixels + 4
            // 3 px: the weight of a quote bar against 17 px text.
            for segment in segments { cairo_rectangle(cairo, x, segment.top, 3, segment.bottom - segment.top) }
            cairo_fill(cairo)
        }
        switch item.layout.content {
        case .text:
            guard item.block.kind == .code else { return }
            set(palette.codeBackground, on: cairo)
            for segment in segments { cairo_rectangle(cairo, item.left, segment.top, item.width, segment.bottom - segment.top) }
            cairo_fill(cairo)
        case .placeholder:
            set(palette.rule, on: cairo)
            cairo_set_line_width(cairo, 1)
            for segment in segments {
                cairo_rectangle(cairo, item.left + 0.5, segment.top + 0.5, item.width - 1, segment.bottom - segment.top - 1)
            }
            cairo_stroke(cairo)
        case .rule:
            set(palette.rule, on: cairo)
            // A note's rule is short, at the left: LaTeX's footnote rule takes 0.4 of the column.
            let width = item.block.kind == .noteRule ? (item.width * 0.4).rounded() : item.width
            cairo_rectangle(cairo, item.left, item.top + item.height / 2, width, 1)
            cairo_fill(cairo)
        case .chapterBreak:
            drawChapterOrnament(centreX: item.left + item.width / 2, centreY: item.top + item.height / 2,
                                em: typography.bodySizePixels, palette: palette, on: cairo)
        case .tableRow(let cells, let isHeader):
            drawTableRow(cells, isHeader: isHeader, item: item, palette: palette, on: cairo)
        case .pendingImage(let width, let height):
            set(palette.codeBackground, on: cairo)
            cairo_rectangle(cairo, imageLeft(of: item, width: width), item.top, width, height)
            cairo_fill(cairo)
        case .image(let image, let width, let height):
            image.draw(x: imageLeft(of: item, width: width), y: item.top, width: width, height: height, on: cairo)
        case .hidden:
            break
        }
    }

    /// Where an image block's image `width` px wide starts, on the pixel grid: at the
    /// column's left or right edge, or centred (as Markdown images and HTML ones that ask for
    /// no side are: `MarkdownWalker`, `XHTMLBlockMapper.appendImage`).
    private func imageLeft(of item: PlacedBlock, width: Double) -> Double {
        switch item.block.alignment {
        case .leading: return item.left.rounded()
        case .trailing: return (item.left + item.width - width).rounded()
        case .center: return (item.left + (item.width - width) / 2).rounded()
        }
    }

    /// A table row: the header's tint, the cells' text clipped to their cells, and the grid
    /// (each row draws its bottom and sides; the first row of a table its top too).
    private func drawTableRow(_ cells: [BlockLayout.TableCell], isHeader: Bool, item: PlacedBlock, palette: Palette,
                              on cairo: OpaquePointer) {
        let width = (cells.last.map { $0.left + $0.width } ?? 0)
        if isHeader {
            set(palette.codeBackground, on: cairo)
            cairo_rectangle(cairo, item.left, item.top, width, item.height)
            cairo_fill(cairo)
        }
        set(item.block.quoteDepth > 0 ? palette.secondaryText : palette.text, on: cairo)
        for cell in cells {
            cairo_save(cairo)
            cairo_rectangle(cairo, item.left + cell.left, item.top, cell.width, item.height)
            cairo_clip(cairo)
            cairo_move_to(cairo, item.left + cell.left + item.layout.inset, item.top + item.layout.inset)
            pango_cairo_show_layout(cairo, cell.layout)
            cairo_restore(cairo)
        }
        set(palette.rule, on: cairo)
        cairo_set_line_width(cairo, 1)
        let top = item.top + 0.5, bottom = item.top + item.height - 0.5
        if isHeader || !item.block.continuesPrevious {
            cairo_move_to(cairo, item.left, top)
            cairo_line_to(cairo, item.left + width, top)
        }
        cairo_move_to(cairo, item.left, bottom)
        cairo_line_to(cairo, item.left + width, bottom)
        for x in [0] + cells.map({ $0.left + $0.width }) {
            let edge = (item.left + x).rounded() + (x == 0 ? 0.5 : -0.5)
            cairo_move_to(cairo, edge, item.top)
            cairo_line_to(cairo, edge, item.top + item.height)
        }
        cairo_stroke(cairo)
    }

    /// The vertical extents of a block's parts between page breaks.
    private func segments(of item: PlacedBlock) -> [(top: Double, bottom: Double)] {
        guard !item.shifts.isEmpty else { return [(item.top, item.top + item.height)] }
        let lines = item.layout.lines
        let inset = item.layout.inset
        var starts = [0] + item.shifts.map(\.line)
        var segments: [(top: Double, bottom: Double)] = []
        starts.append(lines.count)
        for (first, end) in zip(starts, starts.dropFirst()) where first < end {
            let shift = item.shift(ofLine: first)
            let top = item.top + lines[first].top + shift
            let bottom = item.top + 2 * inset + lines[end - 1].bottom + shift
            segments.append((top, bottom))
        }
        return segments
    }

    private func set(_ color: Palette.Color, on cairo: OpaquePointer) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }
}
