import DocumentKit

/// The type each kind of block is set in.
extension Typography {
    func fontSize(for kind: Block.Kind) -> Double {
        switch kind {
        case .heading(let level):
            return headingSizesPixels[min(max(level, 1), headingSizesPixels.count) - 1]
        case .code, .plainText:
            return codeSizePixels
        case .note:
            return noteSizePixels
        case .caption:
            return captionSizePixels
        case .paragraph, .rule, .noteRule, .chapterBreak, .image, .tableRow:
            return bodySizePixels
        }
    }

    /// A book's notes: Apple's Dynamic Type sets Footnote at 13 pt against Body's 17 at the
    /// default size, which a smaller or larger text scales alike.
    var noteSizePixels: Double { bodySizePixels * 13 / 17 }

    /// A figure's caption: Dynamic Type's Subheadline, 15 pt against Body's 17.
    var captionSizePixels: Double { bodySizePixels * 15 / 17 }

    /// The height of a chapter break, its ornament in the middle: four lines of body text
    /// (with `spaceBefore` above and the heading's own space below, about a third of a
    /// 1080 px screen between the chapters, as a printed chapter opens lower on its page).
    var chapterBreakHeightPixels: Double { (bodySizePixels * 4).rounded() }

    func fontFamily(for kind: Block.Kind) -> String {
        kind == .code || kind == .plainText ? "Monospace" : "Sans"
    }

    func isBold(_ kind: Block.Kind) -> Bool {
        if case .heading = kind { return true }
        return false
    }

    /// Space before a block in logical px: headings get room to breathe above them, and a
    /// chapter break two lines more.
    func spaceBefore(_ kind: Block.Kind) -> Double {
        if case .heading(let level) = kind { return bodySizePixels * (level <= 2 ? 1.6 : 1.0) }
        if kind == .chapterBreak { return bodySizePixels * 2 }
        return 0
    }
}
