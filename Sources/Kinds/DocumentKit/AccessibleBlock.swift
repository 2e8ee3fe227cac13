/// Where a block is in the document, as a screen reader's tree names it: a section and the
/// block's index in it (`BlockLocation` without its estimate).
public struct AccessibleBlockLocation: Hashable, Sendable, Comparable {
    public var section: Int
    public var block: Int

    public init(section: Int, block: Int) {
        self.section = section
        self.block = block
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.section, lhs.block) < (rhs.section, rhs.block)
    }
}

/// One block of a document as a screen reader sees it: a role, its text, the links in it, and
/// the blocks it holds (a list's items, a table's rows, a row's cells).
public struct AccessibleBlock: Equatable, Sendable {
    public enum Role: Equatable, Sendable {
        /// A heading of level 1 (largest) to 6.
        case heading(level: Int)
        case paragraph
        case list(isOrdered: Bool)
        case listItem
        /// A picture; its text is the alt text, or the file name when the document gives none.
        case image
        case codeBlock
        case blockQuote
        /// A thematic break.
        case separator
        case table
        case tableRow
        case tableCell(isHeader: Bool)
    }

    public var role: Role
    /// Plain text as read aloud (a list item's marker included, as it is drawn).
    public var text: String
    public var links: [AccessibleLink]
    public var children: [AccessibleBlock]
    /// The document block this one starts at, where the view scrolls to show it.
    public var location: AccessibleBlockLocation
    /// For the summary of a disclosure (HTML's `<summary>`), whether the disclosure is open,
    /// which activating the summary toggles; nil for other blocks.
    public var isExpanded: Bool?

    public init(role: Role, text: String, links: [AccessibleLink] = [], children: [AccessibleBlock] = [],
                location: AccessibleBlockLocation, isExpanded: Bool? = nil) {
        self.role = role
        self.text = text
        self.links = links
        self.children = children
        self.location = location
        self.isExpanded = isExpanded
    }

    /// A UTF-8 range of `text` as character offsets (Unicode scalars, as ATK counts them);
    /// nil when it lies outside the text.
    public static func characterRange(ofUTF8 range: Range<Int>, in text: String) -> Range<Int>? {
        let utf8 = text.utf8
        guard range.lowerBound >= 0, range.upperBound <= utf8.count else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        let scalars = text.unicodeScalars
        let lower = scalars.distance(from: scalars.startIndex, to: start)
        return lower..<(lower + scalars.distance(from: start, to: end))
    }

    /// Whether the block is read through its children rather than text of its own.
    public var isContainer: Bool {
        switch role {
        case .list, .table, .tableRow, .blockQuote: return true
        case .listItem: return text.isEmpty && !children.isEmpty
        default: return false
        }
    }
}

/// A link inside a block's text.
public struct AccessibleLink: Equatable, Sendable {
    /// The linked words, as character (Unicode scalar) offsets into the block's text.
    public var characterRange: Range<Int>
    /// Where it leads, as written (`#heading`, `https://…`, a relative file).
    public var target: String

    public init(characterRange: Range<Int>, target: String) {
        self.characterRange = characterRange
        self.target = target
    }
}

/// One heading of the outline shown above the pages in `--split`.
public struct AccessibleOutlineItem: Equatable, Sendable {
    public var text: String
    /// 1 (largest) to 6.
    public var level: Int

    public init(text: String, level: Int) {
        self.text = text
        self.level = level
    }
}
