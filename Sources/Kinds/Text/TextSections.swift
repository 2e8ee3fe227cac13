import DocumentKit

/// A text document's sections: source read and parsed a section at a time when needed,
/// blocks parsed up front, or chapters another module supplies, read when needed.
enum TextSections {
    case onDemand(SectionBoundaries, isMarkdown: Bool)
    /// Blocks grouped into sections, with the text size of each section in bytes.
    case parsed([[Block]], byteCounts: [Int])
    /// A book's chapters, each cut into sections (`ChapterSections`).
    case chapters(ChapterSections)

    /// No block is longer than this in UTF-8 bytes; longer ones are cut (see `Block.split`).
    static let maximumBlockBytes = TextDocument.sectionBytes

    /// Blocks parsed up front, grouped into sections of about `TextDocument.sectionBytes`.
    init(grouping blocks: [Block]) {
        var groups: [[Block]] = [[]]
        var byteCounts = [0]
        for block in blocks.flatMap({ $0.split(maximumBytes: TextSections.maximumBlockBytes) }) {
            if byteCounts[byteCounts.count - 1] >= TextDocument.sectionBytes {
                groups.append([])
                byteCounts.append(0)
            }
            groups[groups.count - 1].append(block)
            byteCounts[byteCounts.count - 1] += TextSections.sourceBytes(of: block)
        }
        self = .parsed(groups, byteCounts: byteCounts)
    }

    /// Where the disclosures of blocks parsed up front lie; empty for sections parsed on demand.
    var disclosureIndex: DisclosureIndex {
        guard case .parsed(let groups, _) = self else { return .empty }
        return DisclosureIndex(groups: groups)
    }

    /// Whether the blocks may include headings: plain text is only paragraphs.
    var mayHoldHeadings: Bool {
        if case .onDemand(_, isMarkdown: false) = self { return false }
        return true
    }

    var count: Int {
        switch self {
        case .onDemand(let boundaries, _): return boundaries.count
        case .parsed(let groups, _): return groups.count
        case .chapters(let chapters): return chapters.count
        }
    }

    func blocks(inSection section: Int) -> [Block] {
        switch self {
        case .parsed(let groups, _):
            return groups[section]
        case .chapters(let chapters):
            return chapters.blocks(inSection: section)
        case .onDemand(let boundaries, let isMarkdown):
            let (range, startsMidParagraph) = boundaries.range(of: section)
            var blocks = isMarkdown
                ? MarkdownParser.blocks(from: boundaries.bytes.bytes(range))
                : PlainTextParser.blocks(from: boundaries.bytes.text(range))
            blocks = blocks.flatMap { $0.split(maximumBytes: TextSections.maximumBlockBytes) }
            if startsMidParagraph, !blocks.isEmpty { blocks[0].continuesPrevious = true }
            return blocks
        }
    }

    /// The size of `section` in bytes; for a file read on demand the nominal size, which is within
    /// half a section of the real one and needs no look at the bytes (finding 12 800
    /// boundaries of a 100 MB file would touch every one of its pages).
    func byteCount(ofSection section: Int) -> Int {
        switch self {
        case .parsed(_, let byteCounts):
            return byteCounts[section]
        case .chapters(let chapters):
            return chapters.byteCount(ofSection: section)
        case .onDemand(let boundaries, _):
            let start = section * boundaries.nominalBytes
            return max(0, min(boundaries.nominalBytes, boundaries.bytes.count - start))
        }
    }

    /// What a block stands for in source bytes when estimating heights: its text, plus a
    /// line's worth for the space around it (80 bytes).
    static func sourceBytes(of block: Block) -> Int {
        block.text.utf8.count + 80
    }
}
