/// The declarations of an element's `style` attribute a book's mapping follows: whether it
/// is shown (`display: none`) and how its white space is kept (`white-space`). A reader keeps
/// its own fonts, colours and measure, so every other declaration is passed over.
struct HTMLStyleAttribute {
    /// CSS's `white-space`, as far as lines and spaces are kept: `pre`, `pre-wrap` and
    /// `break-spaces` keep both; `pre-line` keeps line breaks and collapses spaces; `normal`
    /// and `nowrap` collapse both (lines are wrapped in the column either way).
    enum WhiteSpace: Equatable {
        case normal, pre, preLine
    }

    /// Whether `display: none` hides the element and all it holds.
    private(set) var hidesElement = false
    /// What `white-space` asks for; nil when it says nothing (the element keeps its parent's).
    private(set) var whiteSpace: WhiteSpace?

    init(_ style: String?) {
        guard let style, !style.isEmpty else { return }
        for declaration in style.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let property = String(parts[0]).trimmingHTMLSpace.lowercased()
            var value = String(parts[1]).trimmingHTMLSpace.lowercased()
            if let important = value.firstRange(of: "!important") {
                value = String(value[..<important.lowerBound]).trimmingHTMLSpace
            }
            switch property {
            case "display":
                hidesElement = value == "none"
            case "white-space":
                switch value {
                case "pre", "pre-wrap", "break-spaces": whiteSpace = .pre
                case "pre-line": whiteSpace = .preLine
                case "normal", "nowrap": whiteSpace = .normal
                default: break
                }
            default:
                break
            }
        }
    }
}
