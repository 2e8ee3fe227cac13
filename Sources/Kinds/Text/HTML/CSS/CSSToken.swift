/// A token of CSS Syntax Level 3 (§4, "Tokenization"), as `CSSTokenizer` makes them.
enum CSSToken: Equatable, Sendable {
    case ident(String)
    case function(String)
    case atKeyword(String)
    /// `#name`; `isID` when the name would be a valid identifier (the "id" type flag), as a
    /// selector's `#id` must be.
    case hash(String, isID: Bool)
    case string(String)
    case badString
    case url(String)
    case badURL
    case delim(Unicode.Scalar)
    case number(Double)
    case percentage(Double)
    case dimension(Double, unit: String)
    case whitespace
    /// `<!--` and `-->`, which the top level of a style sheet passes over.
    case cdo, cdc
    case colon, semicolon, comma
    case openSquare, closeSquare, openParenthesis, closeParenthesis, openCurly, closeCurly

    /// The token that closes a block this one opens (`{`, `[`, `(` or a function), if it opens one.
    var mirror: CSSToken? {
        switch self {
        case .openCurly: return .closeCurly
        case .openSquare: return .closeSquare
        case .openParenthesis, .function: return .closeParenthesis
        default: return nil
        }
    }
}
