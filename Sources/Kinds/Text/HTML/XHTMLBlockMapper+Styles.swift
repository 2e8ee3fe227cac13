/// A book's CSS in the block mapping: the chapter's cascade, each element's computed style,
/// and what it changes in the blocks: inline styles over the text, and the block's margins,
/// indent, justification and page break (`Block.style`).
struct BookStyleState {
    var cascade = CSSCascade(sheets: [])
    var fontFamilies: [String: String] = [:]
    /// The computed style of the element being walked, which its children inherit from.
    var element = BookElementStyle()
    /// The first-line indent of the blocks being collected, ems: CSS's `text-indent`,
    /// inherited.
    var textIndentEms = 0.0
    var isJustified = false
    /// Space a block element's `margin-top` asks for above the next block, ems (the larger
    /// when elements that start together both ask: margins collapse).
    var pendingMarginTopEms: Double?
    /// Whether the next block starts a page (`break-before: page`).
    var pendingPageBreak = false
    /// The inline style of an element's own (an `<em>`'s italic, a `<sup>`'s rise) that its
    /// CSS takes away (`font-style: normal`, `vertical-align: baseline`), for the element
    /// about to be visited.
    var suppressedOwnStyle: InlineStyle.Kind?

    /// `block` as the CSS around it asks: what waits for it, what applies to every block.
    mutating func place(_ block: inout Block) {
        block.style.marginTopEms = pendingMarginTopEms
        block.style.startsPage = pendingPageBreak
        pendingMarginTopEms = nil
        pendingPageBreak = false
        switch block.kind {
        case .paragraph, .heading, .note, .caption:
            block.style.textIndentEms = textIndentEms
            block.style.isJustified = isJustified
        case .code, .rule, .plainText, .tableRow, .image, .noteRule, .chapterBreak:
            break
        }
    }
}

extension XHTMLBlockMapper {
    /// Block elements that `display: inline` runs into the text around them; the others
    /// (headings, lists, tables, quotes) keep what they are.
    static let inlineableBlocks: Set<String> = [
        "p", "div", "section", "article", "header", "footer", "nav", "main", "aside", "address", "center", "hgroup",
    ]

    /// The most style sheets a chapter's cascade takes, linked and `<style>` together: a
    /// book links one to three; a chapter of a hundred is hostile, and each costs a look-up.
    static let maximumStyleSheets = 32

    /// The cascade of `tree`'s style sheets in document order: each `<link rel="stylesheet">`
    /// of its `<head>` as `references` finds it, and each `<style>` there (of type
    /// `text/css` or none), with the sheets its `@import`s name; and the book's fonts, with
    /// those of the `<style>`s' own `@font-face` rules.
    static func styleSheets(of tree: HTMLTree, references: any MarkupReferences)
        -> (cascade: CSSCascade, fontFamilies: [String: String]) {
        guard let root = tree.root else { return (CSSCascade(sheets: []), references.fontFamilies) }
        var sheets: [CSSStyleSheet] = []
        var faces: [CSSStyleSheet.FontFace] = []
        for head in root.elementChildren where head.elementName == "head" {
            for element in head.elementChildren where sheets.count < maximumStyleSheets {
                let type = element.attribute("type")?.trimmingHTMLSpace.lowercased() ?? "text/css"
                guard type == "text/css" || type.isEmpty else { continue }
                switch element.elementName {
                case "link":
                    let relations = (element.attribute("rel") ?? "").lowercased().split(whereSeparator: \.isWhitespace)
                    guard relations.contains("stylesheet"), !relations.contains("alternate"),
                          let href = element.attribute("href")?.trimmingHTMLSpace, !href.isEmpty,
                          let sheet = references.styleSheet(linkedAs: href) else { continue }
                    sheets.append(sheet)
                case "style":
                    var text = ""
                    for child in element.children {
                        if let piece = child.text { text += piece }
                        if text.utf8.count > CSSStyleSheet.maximumBytes { break }
                    }
                    let sheet = CSSStyleSheet(text: text)
                    faces += sheet.fontFaces
                    // Its imports are found as its chapter's links are, inside the book alone.
                    sheets.append(sheet.importing(sheet.imports.compactMap(references.styleSheet(linkedAs:))))
                default:
                    break
                }
            }
        }
        let families = faces.isEmpty ? [:] : references.fontFamilies(ofChapterFaces: faces)
        return (CSSCascade(sheets: sheets), references.fontFamilies.merging(families) { book, _ in book })
    }

    /// The computed style of a book's element `node` (named `name`) under the element
    /// being walked.
    func bookStyle(of node: HTMLNode, name: String) -> BookElementStyle {
        let inline = node.attribute("style").map(CSSParser.declarations(ofStyleAttribute:)) ?? []
        let declarations = styles.cascade.isEmpty && inline.isEmpty
            ? [:] : styles.cascade.declarations(for: node, inline: inline)
        return BookElementStyle(name: name, declarations: declarations, parent: styles.element,
                                fontFamilies: styles.fontFamilies)
    }

    /// Runs `body` (the walk of `node`, named `name`) as its computed `style` asks: a
    /// block element (or one CSS makes a block) ends the block before it and waits its
    /// margin and page break for the next; the type its CSS changes from its parent's is an
    /// inline style over what it holds; alignment, indent and white space hold inside it.
    mutating func styled(_ node: HTMLNode, name: String, _ style: BookElementStyle,
                         _ body: (inout XHTMLBlockMapper) -> Void) {
        let outer = (styles: styles, whiteSpace: whiteSpace, alignment: alignment)
        let isBlock = style.display == .block
            || (HTMLElements.blocks.contains(name) && !(style.display == .inline && XHTMLBlockMapper.inlineableBlocks.contains(name)))
        if isBlock {
            finishBlock()
            if style.startsPage { styles.pendingPageBreak = true }
            if let top = style.marginTopEms { styles.pendingMarginTopEms = max(styles.pendingMarginTopEms ?? 0, top) }
        }
        let blockCount = blocks.count
        styles.element = style
        whiteSpace = style.whiteSpace ?? whiteSpace
        styles.textIndentEms = style.textIndentEms ?? styles.textIndentEms
        if let own = style.alignment {
            alignment = own == .center ? .center : own == .trailing ? .trailing : .leading
            styles.isJustified = own == .justified
        }
        let opened = openInlineStyles(of: style, name: name, under: outer.styles.element)
        body(&self)
        if isBlock { finishBlock() }
        if isBlock, style.breaksPageAfter { styles.pendingPageBreak = true }
        for _ in 0..<opened { inline.closeStyle() }
        if isBlock, let bottom = style.marginBottomEms, blocks.count > blockCount {
            blocks[blocks.count - 1].style.marginBottomEms = max(blocks[blocks.count - 1].style.marginBottomEms ?? 0, bottom)
        }
        // What waits for the next block stays waiting; the rest is the parent's again.
        let pending = (styles.pendingMarginTopEms, styles.pendingPageBreak)
        styles = outer.styles
        (styles.pendingMarginTopEms, styles.pendingPageBreak) = pending
        styles.suppressedOwnStyle = nil
        whiteSpace = outer.whiteSpace
        alignment = outer.alignment
    }

    /// Opens the inline styles for what `style` changes from `parent`'s; returns how many.
    /// An element's own style (an `<em>`'s italic, a `<sup>`'s rise) its CSS takes away is
    /// left for `visitElement` to pass over.
    private mutating func openInlineStyles(of style: BookElementStyle, name: String, under parent: BookElementStyle) -> Int {
        var kinds: [InlineStyle.Kind] = []
        let own = HTMLElements.ownStyle(of: name)
        if style.isItalic, !parent.isItalic, own != .emphasis { kinds.append(.emphasis) }
        if style.isBold, !parent.isBold, own != .strong { kinds.append(.strong) }
        if style.declaredItalic == false, own == .emphasis { styles.suppressedOwnStyle = .emphasis }
        if style.declaredBold == false, own == .strong { styles.suppressedOwnStyle = .strong }
        if style.isSmallCaps, !parent.isSmallCaps { kinds.append(.smallCaps) }
        // What the element turns off of what it inherits: from CSS, or from an element
        // around it (an `<em>`'s italic).
        if style.declaredItalic == false, parent.isItalic || inline.isOpen(.emphasis) { kinds.append(.upright) }
        if style.declaredBold == false, parent.isBold || inline.isOpen(.strong) { kinds.append(.regularWeight) }
        if style.declaredSmallCaps == false, parent.isSmallCaps || inline.isOpen(.smallCaps) { kinds.append(.normalCaps) }
        if style.fontScale != parent.fontScale { kinds.append(.fontScale(style.fontScale)) }
        if let family = style.fontFamily, family != parent.fontFamily { kinds.append(.fontFamily(family)) }
        switch style.verticalAlign {
        case .superscript where own != .superscript && !inline.isOpen(.superscript): kinds.append(.superscript)
        case .subscript where own != .subscript && !inline.isOpen(.subscript): kinds.append(.subscript)
        case .baseline where own == .superscript || own == .subscript: styles.suppressedOwnStyle = own
        default: break
        }
        for kind in kinds { inline.openStyle(kind) }
        return kinds.count
    }
}
