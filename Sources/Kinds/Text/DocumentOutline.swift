import DocumentKit

/// A document's headings in order: its table of contents.
public struct DocumentOutline: Sendable {
    /// One heading and where it is.
    public struct Heading: Equatable, Sendable {
        /// 1 (largest) to 6.
        public var level: Int
        public var text: String
        public var location: BlockLocation
    }

    public let headings: [Heading]

    /// The headings of `document`. Parses every section of a Markdown file once (a file up to
    /// `TextDocument.wholeParseLimitBytes` is parsed already); plain text has no headings and is
    /// not read.
    public init(document: TextDocument) {
        guard document.mayHaveHeadings else {
            headings = []
            return
        }
        headings = (0..<document.sectionCount).flatMap { section in
            DocumentOutline.headings(in: document.blocks(inSection: section), section: section)
        }
    }

    /// The headings among `blocks`, the blocks of `section`.
    static func headings(in blocks: [Block], section: Int) -> [Heading] {
        var headings: [Heading] = []
        let total = max(blocks.reduce(0) { $0 + $1.text.utf8.count }, 1)
        var before = 0
        for (index, block) in blocks.enumerated() {
            if case .heading(let level) = block.kind {
                headings.append(Heading(level: level, text: block.text, location: BlockLocation(
                    section: section, block: index, shareOfSectionBefore: Double(before) / Double(total))))
            }
            before += block.text.utf8.count
        }
        return headings
    }

    /// The share (0…1) of `blocks`' text before block `index`: where the block is estimated
    /// to be in its section until the section is laid out.
    static func share(of index: Int, in blocks: [Block]) -> Double {
        let total = max(blocks.reduce(0) { $0 + $1.text.utf8.count }, 1)
        let before = blocks.prefix(index).reduce(0) { $0 + $1.text.utf8.count }
        return Double(before) / Double(total)
    }
}
