import DocumentKit

/// The type each kind of block is set in.
extension Typography {
    func fontSize(for kind: Block.Kind) -> Double {
        switch kind {
        case .heading(let level):
            return headingSizesPixels[min(max(level, 1), headingSizesPixels.count) - 1]
        case .code, .plainText:
            return codeSizePixels
        case .paragraph, .rule, .image, .tableRow:
            return bodySizePixels
        }
    }

    func fontFamily(for kind: Block.Kind) -> String {
        kind == .code || kind == .plainText ? "Monospace" : "Sans"
    }

    func isBold(_ kind: Block.Kind) -> Bool {
        if case .heading = kind { return true }
        return false
    }

    /// Space before a block in logical px: headings get room to breathe above them.
    func spaceBefore(_ kind: Block.Kind) -> Double {
        if case .heading(let level) = kind { return bodySizePixels * (level <= 2 ? 1.6 : 1.0) }
        return 0
    }
}
