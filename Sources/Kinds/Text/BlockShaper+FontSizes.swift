/// The order a book's relative font sizes are given to pango in.
extension BlockShaper {
    /// `styles` with the font sizes last, the widest first: of two sizes over the same
    /// character pango takes the one added later, which must be the inner element's (CSS
    /// sizes nest: the mapping gives each element its size as a factor of the block's).
    static func widestSizesFirst(_ styles: [InlineStyle]) -> [InlineStyle] {
        func isSize(_ style: InlineStyle) -> Bool {
            if case .fontScale = style.kind { return true }
            return false
        }
        return styles.filter { !isSize($0) } + styles.filter(isSize).sorted { $0.utf8Range.count > $1.utf8Range.count }
    }
}
