import CPangoCairo
import DocumentKit

/// Where blocks are drawn, for the accessible tree: a screen reader's highlight and a
/// magnifier follow these boxes.
extension DocumentLayout {
    /// The box of block `block` of `section` in content coordinates (zoom 1, logical px), page
    /// breaks included; nil unless its section is shaped now (near the viewport).
    public func frame(ofBlock block: Int, inSection section: Int) -> ContentRect? {
        guard section < document.sectionCount, let shaped = shapedSections.first(where: { $0.index == section }),
              shaped.layout.blocks.indices.contains(block) else { return nil }
        let placed = shaped.layout.blocks[block]
        return ContentRect(x: placed.left, y: top(ofSection: section) + placed.top, width: placed.width,
                           height: placed.height)
    }
}

extension HorizontalPagesLayout {
    /// The box of block `block` of `section` on its page, in content coordinates (pages side
    /// by side); a block split by a page break is given on the page it starts on.
    public func frame(ofBlock block: Int, inSection section: Int) -> ContentRect? {
        column.frame(ofBlock: block, inSection: section).map(onPage)
    }

    /// A rectangle of the column moved onto the page its top is on, cut at the page's bottom.
    private func onPage(_ columnRect: ContentRect) -> ContentRect {
        guard column.viewportHeight > 0 else { return columnRect }
        var frame = columnRect
        let page = (frame.y / column.viewportHeight).rounded(.down)
        frame.y -= page * column.viewportHeight
        frame.x += page * column.viewportWidth
        frame.height = min(frame.height, column.viewportHeight - frame.y)
        return frame
    }
}

extension DocumentLayout {
    /// Where the lines of block `block` of `section` start as laid out, as character (Unicode
    /// scalar) offsets into its text; nil unless its section is shaped now or it has no text.
    public func lineStartOffsets(ofBlock block: Int, inSection section: Int) -> [Int]? {
        guard section < document.sectionCount, let shaped = shapedSections.first(where: { $0.index == section }),
              shaped.layout.blocks.indices.contains(block),
              case .text(let layout) = shaped.layout.blocks[block].layout.content,
              let text = pango_layout_get_text(layout) else { return nil }
        var starts: [Int] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            starts.append(g_utf8_pointer_to_offset(text, text + Int(pango_layout_iter_get_index(iterator))))
        } while pango_layout_iter_next_line(iterator) != 0
        return starts
    }
}

extension HorizontalPagesLayout {
    /// See `DocumentLayout.lineStartOffsets(ofBlock:inSection:)`.
    public func lineStartOffsets(ofBlock block: Int, inSection section: Int) -> [Int]? {
        column.lineStartOffsets(ofBlock: block, inSection: section)
    }
}

extension DocumentLayout {
    /// The box of the character at `offset` (Unicode scalars) in block `block` of `section`, in
    /// content coordinates, page breaks included; nil unless the section is shaped and the
    /// block has text there. Magnifiers and screen readers follow the caret with it.
    public func frame(ofCharacter offset: Int, inBlock block: Int, inSection section: Int) -> ContentRect? {
        guard section < document.sectionCount, let shaped = shapedSections.first(where: { $0.index == section }),
              shaped.layout.blocks.indices.contains(block) else { return nil }
        let placed = shaped.layout.blocks[block]
        guard case .text(let layout) = placed.layout.content, let text = pango_layout_get_text(layout),
              offset >= 0, offset <= g_utf8_strlen(text, -1) else { return nil }
        guard let character = g_utf8_offset_to_pointer(text, offset) else { return nil }
        let index = Int32(UnsafePointer(character) - text)
        var line: Int32 = 0, x: Int32 = 0
        pango_layout_index_to_line_x(layout, index, 0, &line, &x)
        guard placed.layout.lines.indices.contains(Int(line)) else { return nil }
        var position = PangoRectangle()
        pango_layout_index_to_pos(layout, index, &position)
        let scale = Double(PANGO_SCALE), extent = placed.extent(ofLine: Int(line))
        // Right-to-left characters have a negative width.
        let left = Double(min(position.x, position.x + position.width)) / scale
        return ContentRect(x: placed.left + placed.layout.inset + left, y: top(ofSection: section) + extent.top,
                           width: Double(abs(position.width)) / scale, height: extent.bottom - extent.top)
    }
}

extension HorizontalPagesLayout {
    /// See `DocumentLayout.frame(ofCharacter:inBlock:inSection:)`; on the character's page.
    public func frame(ofCharacter offset: Int, inBlock block: Int, inSection section: Int) -> ContentRect? {
        column.frame(ofCharacter: offset, inBlock: block, inSection: section).map(onPage)
    }
}
