import DocumentKit
import Machinery

/// The document's shown text as plain UTF-8: what a copy puts on the clipboard.
extension TextDocument {
    /// The text in `range`, every disclosure's body included: Markdown's text, not its
    /// markup; blocks apart by a blank line (list items by a line break), pieces of one long
    /// line joined again. Parses the sections the range spans, so a large range is read on a
    /// worker (`DocumentLayout.textForCopying(in:)`).
    public func text(in range: TextRange) -> String {
        text(in: range, shown: DisclosureState(showsEverything: true))
    }

    /// The text in `range` that `disclosures` shows: a closed disclosure's body is left out,
    /// as a browser copies only what it shows.
    func text(in range: TextRange, shown disclosures: DisclosureState) -> String {
        guard sectionCount > 0 else { return "" }
        let lastSection = min(range.end.section, sectionCount - 1)
        guard range.start.section <= lastSection else { return "" }
        var text = ""
        var previous: Block?
        for section in range.start.section...lastSection {
            let scope = disclosureScope(ofSection: section)
            for (index, block) in blocks(inSection: section).enumerated()
            where disclosures.isShown(block.disclosure, scope: scope) {
                let utf8 = block.text.utf8
                guard let part = range.utf8Range(inSection: section, block: index, length: utf8.count) else { continue }
                if let previous { text += TextDocument.separator(between: previous, and: block) }
                let start = utf8.index(utf8.startIndex, offsetBy: part.lowerBound)
                var piece = String(Substring(utf8[start..<utf8.index(start, offsetBy: part.count)]))
                // An inline image (a heading's logo) stands in the text as U+FFFC, which is
                // not text to paste; the space after it goes with it.
                if piece.contains("\u{FFFC}") {
                    piece = piece.replacing("\u{FFFC} ", with: "").replacing("\u{FFFC}", with: "")
                }
                text += piece
                previous = block
            }
        }
        return text
    }

    private static func separator(between first: Block, and second: Block) -> String {
        if second.continuesPrevious { return "" }
        if first.listDepth > 0, second.listDepth > 0 { return "\n" }
        return "\n\n"
    }

    /// Finds the heading a `#fragment` link names on a worker (a large Markdown file is parsed
    /// whole to find it) and hands the answer to `deliver` on the loop's thread, through
    /// `mailbox`.
    public func findHeading(anchor fragment: String, mailbox: MainThreadMailbox = .shared,
                            then deliver: @escaping (TextPosition?) -> Void) {
        let delivery = LoopThreadValue(deliver)
        WorkQueue.shared.submit { [self] _ in
            let position = position(ofHeadingAnchor: fragment)
            mailbox.post { delivery.value(position) }
        }
    }

    /// Where the place a `#fragment` link names starts: a heading by its GitHub-style anchor
    /// (see `AnchorSlug`), the first one when several headings share it; else the block an
    /// HTML `id` or `<a name>` marks, as written. A book's chapter that its source says holds
    /// the anchor is read first, and alone when it does.
    public func position(ofHeadingAnchor fragment: String) -> TextPosition? {
        if let hinted = sections(holdingAnchor: fragment), let position = place(named: fragment, in: hinted) {
            return position
        }
        return place(named: fragment, in: 0..<sectionCount)
    }

    /// The sections of the chapter a book's source says holds the anchor `fragment` names.
    func sections(holdingAnchor fragment: String) -> Range<Int>? {
        guard let chapters else { return nil }
        let name = AnchorSlug.percentDecoded(fragment) ?? fragment
        return chapters.source.chapter(holdingAnchor: name).map(chapters.sections(ofChapter:))
    }

    /// The first place in `sections` that `fragment` names, in one pass: a heading whose slug
    /// it is, else a heading whose text it is, else a block it is an anchor of.
    func place(named fragment: String, in sections: Range<Int>) -> TextPosition? {
        place(named: fragment, in: sections, blocks: blocks(inSection:)).place
    }

    /// The place `fragment` names in `sections` as `place(named:in:)` finds it, reading each
    /// section's blocks with `blocks`, which gives nil for a section it cannot have (a book's
    /// chapter not read, which the loop leaves to a worker): such a section is passed over, and
    /// `isComplete` is false when any was.
    func place(named fragment: String, in sections: Range<Int>,
               blocks: (Int) -> [Block]?) -> (place: TextPosition?, isComplete: Bool) {
        let wanted = AnchorSlug.normalised(fragment: fragment)
        let name = AnchorSlug.percentDecoded(fragment) ?? fragment
        var byText: TextPosition?, byAnchor: TextPosition?
        var isComplete = true
        for section in sections.clamped(to: 0..<sectionCount) {
            guard let blocks = blocks(section) else {
                isComplete = false
                continue
            }
            for (index, block) in blocks.enumerated() {
                let position = TextPosition(section: section, block: index, utf8Offset: 0)
                if case .heading = block.kind {
                    if AnchorSlug.slug(ofHeading: block.text) == wanted { return (position, isComplete) }
                    if byText == nil, block.text.lowercased() == wanted { byText = position }
                }
                if byAnchor == nil, block.anchors.contains(name) { byAnchor = position }
            }
        }
        return (byText ?? byAnchor, isComplete)
    }
}
