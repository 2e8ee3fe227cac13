import DocumentKit

/// Where a table sits across the window: in the text column when it fits there; wider than
/// the column, centred on it, into the room beside it up to the window's side margins. In a
/// list or a quote it keeps the block's left edge (so it stays right of the quote bars and
/// markers) and takes the room to the right.
extension ColumnGeometry {
    /// The span, logical px from the window's left, that a table in a block at `blockLeft`,
    /// `width` wide may take.
    func tableRoom(blockLeft: Double, width: Double, isIndented: Bool) -> ClosedRange<Double> {
        let right = blockLeft + width
        guard let window = roomAcross else { return blockLeft...right }
        return (isIndented ? blockLeft : min(window.lowerBound, blockLeft))...max(window.upperBound, right)
    }
}

extension BlockShaper {
    /// `block` shaped for a column `width` logical px wide, a table row with `tableRoom`
    /// logical px it may take across the window.
    func shape(_ block: Block, width: Double, maximumImageHeight: Double, tableRoom: Double) -> BlockLayout {
        if case .tableRow(let row) = block.kind { return shapeTableRow(row, width: width, room: tableRoom) }
        return shape(block, width: width, maximumImageHeight: maximumImageHeight)
    }
}

extension BlockLayout {
    /// The left edge and width of the block, shaped for a block at `blockLeft`, `width`
    /// wide, with `room` across the window: a table wider than the block is centred on it
    /// within the room; everything else keeps the block's place.
    func placement(blockLeft: Double, width: Double, room: ClosedRange<Double>) -> (left: Double, width: Double) {
        guard case .tableRow(let cells, _) = content, let last = cells.last, last.left + last.width > width
        else { return (blockLeft, width) }
        let tableWidth = last.left + last.width
        let centred = blockLeft + (width - tableWidth) / 2
        return (max(min(centred, room.upperBound - tableWidth), room.lowerBound).rounded(), tableWidth)
    }
}

enum TableRoom {
    /// The span across a window `windowWidth` logical px wide that a table may take: all
    /// but the side margins the text column keeps at the least
    /// (`Typography.minimumSideMarginPixels`).
    static func across(windowWidth: Double, typography: Typography) -> ClosedRange<Double> {
        let margin = typography.minimumSideMarginPixels
        return margin...max(windowWidth - margin, margin)
    }
}
