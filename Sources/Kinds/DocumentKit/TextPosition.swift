/// A place in a text document's shown text: between two characters of one block.
///
/// Blocks are counted as `Document.blocks(inSection:)` gives them, and the offset is in UTF-8
/// bytes of the block's text (its shown text, never Markdown's markup), the unit pango's
/// indices use. Positions order as the text reads.
public struct TextPosition: Comparable, Hashable, Sendable {
    public var section: Int
    public var block: Int
    public var utf8Offset: Int

    public init(section: Int, block: Int, utf8Offset: Int) {
        self.section = section
        self.block = block
        self.utf8Offset = utf8Offset
    }

    /// Before every character of the document.
    public static let start = TextPosition(section: 0, block: 0, utf8Offset: 0)
    /// After every character of the document, whatever its length (offsets are clamped to the
    /// text when read).
    public static let end = TextPosition(section: Int.max, block: Int.max, utf8Offset: Int.max)

    public static func < (left: TextPosition, right: TextPosition) -> Bool {
        (left.section, left.block, left.utf8Offset) < (right.section, right.block, right.utf8Offset)
    }

    /// Whether the position lies in the block `block` of `section`.
    func isIn(section: Int, block: Int) -> Bool {
        self.section == section && self.block == block
    }
}

/// A stretch of shown text from `start` up to, not including, `end`.
public struct TextRange: Equatable, Hashable, Sendable {
    public var start: TextPosition
    public var end: TextPosition

    /// The range between two positions in either order (a selection dragged backwards).
    public init(_ first: TextPosition, _ second: TextPosition) {
        start = min(first, second)
        end = max(first, second)
    }

    /// The whole document.
    public static let all = TextRange(.start, .end)

    public var isEmpty: Bool { start == end }

    /// The part of block `block` of `section` this range covers, as UTF-8 offsets clamped to a
    /// text `length` bytes long; nil when it covers none of it.
    public func utf8Range(inSection section: Int, block: Int, length: Int) -> Range<Int>? {
        let here = TextPosition(section: section, block: block, utf8Offset: 0)
        let blockEnd = TextPosition(section: section, block: block, utf8Offset: length)
        guard start <= blockEnd, end > here || (isEmpty && start == here) else { return nil }
        let lower = start.isIn(section: section, block: block) ? min(start.utf8Offset, length) : 0
        let upper = end.isIn(section: section, block: block) ? min(end.utf8Offset, length) : length
        return lower <= upper ? lower..<upper : nil
    }
}
