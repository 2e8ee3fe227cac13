/// The order a book's relative font sizes, and its italic, bold and small capitals turned on
/// and off, are given to pango in.
extension BlockShaper {
    /// `styles` with the font sizes and the type's switches last, the widest first: of two
    /// sizes (or styles, weights, variants) over the same character pango takes the one added
    /// later, which must be the inner element's (CSS sizes nest: the mapping gives each
    /// element its size as a factor of the block's; a `font-style: normal` inside italic
    /// text is upright).
    static func widestSizesFirst(_ styles: [InlineStyle]) -> [InlineStyle] {
        func isSize(_ style: InlineStyle) -> Bool {
            switch style.kind {
            case .fontScale, .emphasis, .upright, .strong, .regularWeight, .smallCaps, .normalCaps: return true
            default: return false
            }
        }
        return styles.filter { !isSize($0) } + styles.filter(isSize).sorted { $0.utf8Range.count > $1.utf8Range.count }
    }
}
