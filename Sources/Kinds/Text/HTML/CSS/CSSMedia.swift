/// Whether a book's `@media` rule (or an `@import`'s media) speaks to Glide, which shows a
/// screen's styles: a media query list matches when one of its queries does, and a query
/// matches when its type is `all` or `screen` (or it names none), with `only` before it or
/// nothing. A query that tests features (`(max-width: 600px)`) is not matched: Glide keeps its
/// own column, so a width a book asks about says nothing of it. `print`, `speech`, Kindle's
/// `amzn-kf8` and `amzn-mobi` (calibre's conversions) and every other type are not Glide's; a
/// `not` query matches where its type would not. An empty list matches (CSS: `all`).
enum CSSMedia {
    static func applies(_ prelude: ArraySlice<CSSToken>) -> Bool {
        let words = prelude.filter { $0 != .whitespace }
        guard !words.isEmpty else { return true }
        return words.split(separator: .comma, omittingEmptySubsequences: false).contains { query in
            var words = query[...]
            var isNegated = false
            if case .ident(let first) = words.first {
                switch first.lowercased() {
                case "only": words = words.dropFirst()
                case "not":
                    isNegated = true
                    words = words.dropFirst()
                default: break
                }
            }
            guard words.count == 1, case .ident(let type) = words.first else { return false }
            let isScreen = ["all", "screen"].contains(type.lowercased())
            return isNegated ? !isScreen : isScreen
        }
    }
}
