/// CSS Syntax Level 3's parser (§5) over `CSSTokenizer`'s tokens: a style sheet's rules and
/// at-rules, a block's declarations, with its recovery from every parse error (a bad
/// declaration is dropped up to its `;`, a rule with no block is dropped, an unclosed block
/// ends with the input). Blocks are matched with a stack of the tokens that close them, not
/// by recursion, so blocks nested however deep cost no stack.
struct CSSParser {
    private let tokens: [CSSToken]
    private var index = 0

    init(tokens: [CSSToken]) { self.tokens = tokens }

    /// A qualified rule: its prelude's tokens (the selector) and its block's declarations.
    typealias QualifiedRule = (prelude: ArraySlice<CSSToken>, declarations: [CSSDeclaration])
    /// An at-rule: its name in lower case, its prelude's tokens (an `@import`'s URL and
    /// media) and its block's declarations (for `@font-face`; empty for an at-rule whose
    /// block is rules, or that has none).
    typealias AtRule = (name: String, prelude: ArraySlice<CSSToken>, declarations: [CSSDeclaration])

    /// How deep `@media` rules inside `@media` rules are read: a book nests one at most
    /// (calibre's `@media amzn-kf8` around a `@media screen`); deeper ones are passed over,
    /// so a hostile nest costs no stack and no copy of its tokens per level past this.
    static let maximumMediaDepth = 4

    /// §5.3.3 "parse a stylesheet", §5.4.1 "consume a list of rules" at the top level:
    /// `visitRule` and `visitAtRule` are handed each rule in order. `@font-face` is the
    /// only at-rule whose block is read as declarations; the rules of a `@media` block whose
    /// media a screen reader matches (`CSSMedia`) are handed on as if they stood outside it,
    /// at most `maximumMediaDepth` deep; every other at-rule (`@import`, `@page`) is handed
    /// over with its prelude alone.
    mutating func parseStyleSheet(depth: Int = 0, visitRule: (QualifiedRule) -> Void, visitAtRule: (AtRule) -> Void) {
        while index < tokens.count {
            switch tokens[index] {
            case .whitespace, .cdo, .cdc:
                index += 1
            case .atKeyword(let name):
                index += 1
                let name = name.lowercased()
                let preludeStart = index
                let (preludeEnd, block) = consumeAtRuleRest()
                let prelude = tokens[preludeStart..<preludeEnd]
                if let block, name == "media" {
                    guard depth < CSSParser.maximumMediaDepth, CSSMedia.applies(prelude) else { continue }
                    var inner = CSSParser(tokens: Array(tokens[block]))
                    inner.parseStyleSheet(depth: depth + 1, visitRule: visitRule, visitAtRule: visitAtRule)
                    continue
                }
                var declarations: [CSSDeclaration] = []
                if let block, name == "font-face" { declarations = self.declarations(in: block) }
                visitAtRule((name, prelude, declarations))
            default:
                let start = index
                // §5.4.3: the prelude runs to the `{` of the rule's block; one never reached drops the rule.
                while index < tokens.count, tokens[index] != .openCurly { skipComponentValue() }
                guard index < tokens.count else { return }
                let prelude = tokens[start..<index]
                index += 1
                visitRule((prelude, declarations(in: consumeBlockContents())))
            }
        }
    }

    /// §5.3.8 "parse a list of declarations" over all the tokens (a `style` attribute).
    mutating func parseDeclarations() -> [CSSDeclaration] { declarations(in: tokens.indices) }

    /// §5.4.2: an at-rule's prelude up to its `;` or block: where the prelude ends, and the
    /// block's contents, if it has one.
    private mutating func consumeAtRuleRest() -> (preludeEnd: Int, block: Range<Int>?) {
        while index < tokens.count {
            switch tokens[index] {
            case .semicolon:
                index += 1
                return (index - 1, nil)
            case .openCurly:
                index += 1
                return (index - 1, consumeBlockContents())
            default:
                skipComponentValue()
            }
        }
        return (index, nil)
    }

    /// §5.4.8 for a block whose `{` was just consumed: the range of its contents, up to the
    /// matching `}` (consumed) or the end of the input.
    private mutating func consumeBlockContents() -> Range<Int> {
        let start = index
        var closers: [CSSToken] = [.closeCurly]
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token == closers.last {
                closers.removeLast()
                if closers.isEmpty { return start..<(index - 1) }
            } else if let mirror = token.mirror {
                closers.append(mirror)
            }
        }
        return start..<index
    }

    /// §5.4.7: one component value: a token, or a whole block or function with what it holds.
    private mutating func skipComponentValue() {
        guard index < tokens.count else { return }
        let token = tokens[index]
        index += 1
        guard let mirror = token.mirror else { return }
        var closers = [mirror]
        while index < tokens.count, !closers.isEmpty {
            let inner = tokens[index]
            index += 1
            if inner == closers.last {
                closers.removeLast()
            } else if let nested = inner.mirror {
                closers.append(nested)
            }
        }
    }

    /// §5.4.5 "consume a list of declarations" over `range`: each declaration ends at a `;`
    /// outside any block inside it; at-rules inside are passed over; a part that does not
    /// start with a name is a parse error, dropped up to its `;`. At most
    /// `CSSStyleSheet.maximumDeclarationsPerBlock` are kept.
    private mutating func declarations(in range: Range<Int>) -> [CSSDeclaration] {
        let outer = index
        defer { index = outer }
        var parser = CSSParser(tokens: Array(tokens[range]))
        var result: [CSSDeclaration] = []
        while parser.index < parser.tokens.count {
            switch parser.tokens[parser.index] {
            case .whitespace, .semicolon:
                parser.index += 1
            case .atKeyword:
                parser.index += 1
                _ = parser.consumeAtRuleRest()
            default:
                let start = parser.index
                while parser.index < parser.tokens.count, parser.tokens[parser.index] != .semicolon { parser.skipComponentValue() }
                if case .ident = parser.tokens[start], result.count < CSSStyleSheet.maximumDeclarationsPerBlock,
                   let declaration = CSSDeclaration(parser.tokens[start..<parser.index]) {
                    result.append(declaration)
                }
            }
        }
        return result
    }
}

extension CSSParser {
    /// The declarations of a `style` attribute (its first `CSSStyleSheet.maximumBytes`
    /// bytes), those of the subset alone.
    static func declarations(ofStyleAttribute text: String) -> [CSSDeclaration] {
        var text = text
        if text.utf8.count > CSSStyleSheet.maximumBytes {
            text = String(decoding: text.utf8.prefix(CSSStyleSheet.maximumBytes), as: UTF8.self)
        }
        var parser = CSSParser(tokens: CSSTokenizer.tokens(of: text))
        return parser.parseDeclarations().filter { BookElementStyle.properties.contains($0.property) }
    }
}
