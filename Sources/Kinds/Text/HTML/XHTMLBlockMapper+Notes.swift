/// A book's notes: EPUB's `epub:type` (and DPUB-ARIA's `role`) footnotes and endnotes are
/// shown where the book puts them, set smaller after a short rule as print sets footnotes;
/// a reference to one is a raised number that links to it, and Alt+Left comes back.
extension XHTMLBlockMapper {
    /// What `epub:type` calls a note or a group of notes: EPUB 3's structural semantics
    /// vocabulary, with its deprecated `note` and `rearnote(s)`.
    static let noteTypes: Set<Substring> = ["footnote", "footnotes", "endnote", "endnotes", "rearnote", "rearnotes", "note"]
    /// DPUB-ARIA's roles for the same.
    static let noteRoles: Set<Substring> = ["doc-footnote", "doc-endnote", "doc-endnotes"]

    /// The elements that may be a note: blocks (`<aside>`, `<section>`, `<div>` and their
    /// kin, a list's item), never a span of text inside a line.
    static let noteElements: Set<String> = ["aside", "section", "div", "p", "li", "article", "ol", "ul", "dl", "blockquote"]

    /// Whether `node` is a note or a group of notes.
    static func isNote(_ node: HTMLNode) -> Bool {
        node.epubTypes.contains(where: noteTypes.contains) || node.roles.contains(where: noteRoles.contains)
    }

    /// Whether the link `node` is a reference to a note (`epub:type="noteref"`).
    static func isNoteReference(_ node: HTMLNode) -> Bool {
        node.epubTypes.contains("noteref") || node.roles.contains("doc-noteref")
    }

    /// A note: `body` walks it with its text as `.note` blocks; a rule sets a run of notes
    /// apart from the text before it, unless a heading, a rule or a chapter's start already
    /// does. A note inside a table cell runs into the cell's text.
    mutating func visitNote(_ body: (inout XHTMLBlockMapper) -> Void) {
        guard !isInCell else { return body(&self) }
        finishBlock()
        let isOutermost = noteDepth == 0
        if isOutermost, blockCountAtNoteEnd != blocks.count, let last = blocks.last?.kind,
           XHTMLBlockMapper.needsNoteRule(after: last) {
            // The note's anchors stay for its text: a tap on its reference shows the note, not the rule.
            let anchors = pendingAnchors
            pendingAnchors = []
            append(Block(kind: .noteRule, text: ""))
            pendingAnchors = anchors
        }
        let outerKind = paragraphKind
        noteDepth += 1
        paragraphKind = .note
        leafKind = .note
        body(&self)
        finishBlock()
        noteDepth -= 1
        paragraphKind = outerKind
        leafKind = outerKind
        if isOutermost { blockCountAtNoteEnd = blocks.count }
    }

    private static func needsNoteRule(after kind: Block.Kind) -> Bool {
        switch kind {
        case .heading, .rule, .noteRule, .chapterBreak: return false
        default: return true
        }
    }
}
