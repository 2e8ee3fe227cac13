/// What the cascade of a book's CSS gives one element, in the subset a reader keeps: type
/// (style, weight, relative size, small caps, the book's own fonts), alignment, first-line
/// indent, vertical margins, display, raised and lowered text, kept white space, page breaks
/// and list markers. Glide keeps its own column width, line height and colours, so every
/// book reads comfortably; every other property is passed over.
struct BookElementStyle: Equatable {
    enum Display: Equatable { case none, block, inline }
    enum Alignment: Equatable { case leading, center, trailing, justified }
    enum VerticalAlign: Equatable { case baseline, superscript, `subscript` }
    /// CSS's `white-space`, as far as lines and spaces are kept: `pre`, `pre-wrap` and
    /// `break-spaces` keep both; `pre-line` keeps line breaks and collapses spaces; `normal`
    /// and `nowrap` collapse both (lines are wrapped in the column either way).
    enum WhiteSpace: Equatable { case normal, pre, preLine }

    // Inherited (CSS 2.1's "Inherited: yes"), from the parent's computed style.
    var isItalic = false
    var isBold = false
    /// The font size as a factor of Glide's size for the block, `fontScaleRange` held.
    var fontScale = 1.0
    var isSmallCaps = false
    /// The family fontconfig knows one of the book's own fonts by; nil for Glide's fonts.
    var fontFamily: String?
    var listStyle: ListStyle?

    // The element's own. Alignment, indent and white space are inherited too, but the block
    // mapping carries them down itself (with HTML's `align` and `<pre>` among them), so only
    // what the element declares is kept here.
    var alignment: Alignment?
    var textIndentEms: Double?
    var whiteSpace: WhiteSpace?
    var display: Display?
    var marginTopEms: Double?
    var marginBottomEms: Double?
    var verticalAlign: VerticalAlign?
    var startsPage = false
    /// `page-break-after: always` or `break-after: page`: the block after the element opens
    /// the next page.
    var breaksPageAfter = false
    /// `font-style`, `font-weight` and `font-variant` as the element's declarations set
    /// them (nil when they say nothing): `em { font-style: normal }` takes an `<em>`'s own
    /// italic away, and `span { font-style: normal }` the italic it inherits.
    var declaredItalic: Bool?
    var declaredBold: Bool?
    var declaredSmallCaps: Bool?

    /// The properties read; a declaration of any other is dropped when its sheet is parsed.
    static let properties = Set(propertyOrder)

    /// The properties in the order they are applied: each shorthand before its longhands,
    /// and the older name before the newer, so `margin: 0` with `margin-top: 1em` keeps the
    /// top's 1 em.
    static let propertyOrder = [
        "font-style", "font-weight", "font-size", "font-variant", "font-variant-caps", "font-family", "text-align",
        "text-indent", "margin", "margin-top", "margin-bottom", "display", "vertical-align", "white-space",
        "page-break-before", "break-before", "page-break-after", "break-after", "list-style", "list-style-type",
    ]

    /// How far a book's relative sizes may take its text from Glide's: 0.6 keeps the 17 px
    /// body at 10 px, about Dynamic Type's smallest style (Caption 2, 11 pt against Body's
    /// 17), so no text is set smaller than a reader's own smallest; 2.5 is 42 px, above the
    /// first-level heading's 32, room for a title page's display type while a line of the
    /// narrowest column still holds a few words.
    static let fontScaleRange = 0.6...2.5
    /// Vertical margins are held to 0–3 em: a title page's space (calibre writes up to 2 or
    /// 3 em above a title); more leaves a screen mostly empty. A negative margin, which would
    /// set lines over each other, is taken as 0.
    static let marginRange = 0.0...3.0
    /// A first line's indent: a paragraph's is 1–2 em, a hanging one (a poem's, a
    /// bibliography's) as much the other way; 3 em either way covers both.
    static let textIndentRange = -3.0...3.0

    /// The style the children of an element with this style start from: the inherited
    /// properties kept, the element's own ones back to their initial values.
    var inherited: BookElementStyle {
        var style = BookElementStyle()
        style.isItalic = isItalic
        style.isBold = isBold
        style.fontScale = fontScale
        style.isSmallCaps = isSmallCaps
        style.fontFamily = fontFamily
        style.listStyle = listStyle
        return style
    }

    /// The computed style of an element named `name` whose cascade gave `declarations`
    /// (each property's winning one), under `parent`'s; `fontFamilies` maps each of the
    /// book's `@font-face` families (lower case) onto the family its font registered as.
    init(name: String, declarations: [String: CSSDeclaration], parent: BookElementStyle,
         fontFamilies: [String: String]) {
        self = parent.inherited
        // Glide sets its headings at its own sizes; sizes inside them are relative to those.
        if BookElementStyle.isHeading(name) { fontScale = 1 }
        guard !declarations.isEmpty else { return }
        for property in BookElementStyle.propertyOrder {
            guard let declaration = declarations[property] else { continue }
            apply(property, declaration, name: name, parentScale: parent.fontScale, fontFamilies: fontFamilies)
        }
    }

    init() {}

    private mutating func apply(_ property: String, _ declaration: CSSDeclaration, name: String, parentScale: Double,
                                fontFamilies: [String: String]) {
        let keyword = declaration.keyword
        switch property {
        case "font-style":
            switch keyword {
            case "italic", "oblique": declaredItalic = true
            case "normal": declaredItalic = false
            default: break
            }
            isItalic = declaredItalic ?? isItalic
        case "font-weight":
            if let keyword {
                switch keyword {
                case "bold", "bolder": declaredBold = true
                case "normal", "lighter": declaredBold = false
                default: break
                }
            } else if declaration.words.count == 1, case .number(let weight) = declaration.words[0] {
                // CSS Fonts 4: 600 and above are the bold weights a font's "Bold" face answers.
                declaredBold = weight >= 600
            }
            isBold = declaredBold ?? isBold
        case "font-size":
            if !BookElementStyle.isHeading(name), let scale = CSSValues.fontSize(declaration.value, parentScale: parentScale) {
                fontScale = min(max(scale, BookElementStyle.fontScaleRange.lowerBound), BookElementStyle.fontScaleRange.upperBound)
            }
        case "font-variant", "font-variant-caps":
            if keyword == "small-caps" || keyword == "all-small-caps" { declaredSmallCaps = true }
            if keyword == "normal" { declaredSmallCaps = false }
            isSmallCaps = declaredSmallCaps ?? isSmallCaps
        case "font-family":
            // Only a family the book embeds: Glide keeps its own fonts otherwise.
            if let family = CSSValues.familyNames(declaration.value).lazy.compactMap({ fontFamilies[$0.lowercased()] }).first {
                fontFamily = family
            }
        case "text-align":
            switch keyword {
            case "left", "start": alignment = .leading
            case "center", "-webkit-center": alignment = .center
            case "right", "end": alignment = .trailing
            case "justify": alignment = .justified
            default: break
            }
        case "text-indent":
            if let first = declaration.words.first, let ems = CSSValues.ems(first) {
                textIndentEms = min(max(ems, BookElementStyle.textIndentRange.lowerBound), BookElementStyle.textIndentRange.upperBound)
            }
        case "margin":
            // One to four lengths: top, then right, then bottom (the top again when fewer than three).
            let words = declaration.words
            guard (1...4).contains(words.count) else { break }
            if let top = CSSValues.ems(words[0]) { marginTopEms = BookElementStyle.heldMargin(top) }
            if let bottom = CSSValues.ems(words[words.count >= 3 ? 2 : 0]) { marginBottomEms = BookElementStyle.heldMargin(bottom) }
        case "margin-top":
            if let first = declaration.words.first, let ems = CSSValues.ems(first) { marginTopEms = BookElementStyle.heldMargin(ems) }
        case "margin-bottom":
            if let first = declaration.words.first, let ems = CSSValues.ems(first) { marginBottomEms = BookElementStyle.heldMargin(ems) }
        case "display":
            switch keyword {
            case "none": display = Display.none
            case "block", "list-item": display = .block
            case "inline": display = .inline
            default: break
            }
        case "vertical-align":
            switch keyword {
            case "super": verticalAlign = .superscript
            case "sub": verticalAlign = .subscript
            case "baseline": verticalAlign = .baseline
            default: break
            }
        case "white-space":
            switch keyword {
            case "pre", "pre-wrap", "break-spaces": whiteSpace = .pre
            case "pre-line": whiteSpace = .preLine
            case "normal", "nowrap": whiteSpace = .normal
            default: break
            }
        case "page-break-before":
            startsPage = ["always", "left", "right"].contains(keyword ?? "")
        case "break-before":
            startsPage = ["page", "left", "right", "recto", "verso", "always"].contains(keyword ?? "")
        case "page-break-after":
            breaksPageAfter = ["always", "left", "right"].contains(keyword ?? "")
        case "break-after":
            breaksPageAfter = ["page", "left", "right", "recto", "verso", "always"].contains(keyword ?? "")
        case "list-style-type":
            if let keyword, let style = ListStyle(keyword: keyword) { listStyle = style }
        case "list-style":
            // The shorthand: the first of its words that is a marker's type.
            for word in declaration.words {
                if case .ident(let name) = word, let style = ListStyle(keyword: name.lowercased()) {
                    listStyle = style
                    break
                }
            }
        default:
            break
        }
    }

    /// Whether `name` is a heading's, `h1` to `h6`.
    static func isHeading(_ name: String) -> Bool {
        name.count == 2 && name.first == "h" && name.last?.wholeNumberValue.map { (1...6).contains($0) } == true
    }

    private static func heldMargin(_ ems: Double) -> Double {
        min(max(ems, marginRange.lowerBound), marginRange.upperBound)
    }
}
