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
