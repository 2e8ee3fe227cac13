import DocumentKit

/// What HTML elements mean to the block mapping (`XHTMLBlockMapper`).
enum HTMLElements {
    /// Elements whose content is never shown: what would run (scripts, frames, plug-ins), the
    /// document's head and style sheets, pictures drawn by markup (SVG, MathML's layout),
    /// media a reader does not play, and form controls' option lists. HTML5's empty elements
    /// that libxml2's HTML parser does not know (`<source>`, `<track>`, `<wbr>`) are not here:
    /// it gives them what follows as children, which must still show.
    static let hidden: Set<String> = [
        "head", "title", "meta", "link", "base", "style", "script", "noscript", "template", "iframe", "frame",
        "frameset", "noframes", "object", "embed", "applet", "param", "noembed", "svg", "canvas", "audio", "video",
        "map", "area", "select", "datalist", "textarea", "dialog", "math",
    ]

    /// Elements that start a block of their own (`XHTMLBlockMapper.visitElement`).
    static let blocks: Set<String> = [
        "p", "div", "center", "section", "article", "header", "footer", "nav", "main", "aside", "figure", "figcaption",
        "address", "dl", "dt", "dd", "form", "fieldset", "legend", "hgroup", "caption", "body", "html", "h1", "h2", "h3",
        "h4", "h5", "h6", "pre", "listing", "xmp", "plaintext", "blockquote", "ul", "ol", "menu", "dir", "li", "table",
        "hr", "details", "summary",
    ]

    /// The inline style element `name` stands for, if it is one.
    static func inlineStyle(_ name: String, _ node: HTMLNode) -> InlineStyle.Kind? {
        if let own = ownStyle(of: name) { return own }
        switch name {
        case "code", "tt", "samp": return .code
        case "kbd": return .keyboard
        case "del", "s", "strike": return .strikethrough
        default: return nil
        }
    }

    /// The inline style element `name` always gives what it holds (the attributes of none
    /// of these matter).
    static func ownStyle(of name: String) -> InlineStyle.Kind? {
        switch name {
        case "em", "i", "cite", "var", "dfn": return .emphasis
        case "strong", "b": return .strong
        case "sup": return .superscript
        case "sub": return .subscript
        default: return nil
        }
    }

    /// Where `node` places its lines: its `align` attribute, or `text-align` in its `style`.
    static func alignment(of node: HTMLNode) -> TextAlignment? {
        if let align = node.attribute("align").flatMap(alignment(named:)) { return align }
        guard let style = node.attribute("style")?.lowercased(), let property = style.firstRange(of: "text-align") else {
            return nil
        }
        let rest = style[property.upperBound...].drop { $0 == " " || $0 == ":" }
        return alignment(named: String(rest.prefix { $0.isLetter || $0 == "-" }))
    }

    private static func alignment(named name: String) -> TextAlignment? {
        switch name.trimmingHTMLSpace.lowercased() {
        case "center", "middle", "-webkit-center", "-moz-center": return .center
        case "right", "end": return .trailing
        case "left", "start", "justify": return .leading
        default: return nil
        }
    }

    /// An HTML length in px, or a percentage: `64`, `64px`, `50%`. Nil for anything else, or
    /// a size of zero or less.
    static func length(_ value: String?) -> (value: Double, isPercent: Bool)? {
        guard var text = value?.trimmingHTMLSpace.lowercased(), !text.isEmpty else { return nil }
        var isPercent = false
        if text.hasSuffix("%") {
            isPercent = true
            text.removeLast()
        } else if text.hasSuffix("px") {
            text.removeLast(2)
        }
        guard let number = Double(text.trimmingHTMLSpace), number.isFinite, number > 0 else { return nil }
        return (min(number, isPercent ? 100 : 100_000), isPercent)
    }
}
