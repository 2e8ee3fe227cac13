/// One `property: value` of a rule's block or a `style` attribute, as CSS Syntax Level 3
/// consumes a declaration (§5.4.6): the name in lower case, the value's tokens without the
/// white space at either end, and whether it ends in `!important`.
public struct CSSDeclaration: Equatable, Sendable {
    let property: String
    let value: [CSSToken]
    let isImportant: Bool

    /// The declaration of `tokens` (a name, `:`, a value), or nil when they are not one: the
    /// parse error drops it, as §5.4.6 says.
    init?(_ tokens: ArraySlice<CSSToken>) {
        var tokens = tokens.drop { $0 == .whitespace }
        guard case .ident(let name) = tokens.first else { return nil }
        tokens = tokens.dropFirst().drop { $0 == .whitespace }
        guard tokens.first == .colon else { return nil }
        var value = Array(tokens.dropFirst().drop { $0 == .whitespace })
        while value.last == .whitespace { value.removeLast() }
        var isImportant = false
        if case .ident(let last) = value.last, last.lowercased() == "important" {
            var rest = value.dropLast()
            while rest.last == .whitespace { rest.removeLast() }
            if rest.last == .delim("!") {
                rest.removeLast()
                while rest.last == .whitespace { rest.removeLast() }
                value = Array(rest)
                isImportant = true
            }
        }
        property = name.lowercased()
        self.value = value
        self.isImportant = isImportant
    }

    /// The value's tokens with white space left out: what the properties of the subset read.
    var words: [CSSToken] { value.filter { $0 != .whitespace } }

    /// The value when it is one keyword, in lower case.
    var keyword: String? {
        let words = words
        guard words.count == 1, case .ident(let word) = words[0] else { return nil }
        return word.lowercased()
    }
}
