import CPangoCairo

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
        guard var frame = column.frame(ofBlock: block, inSection: section), column.viewportHeight > 0 else { return nil }
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
