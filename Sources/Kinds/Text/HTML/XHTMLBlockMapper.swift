import DocumentKit
import Localization

/// Maps an HTML or XHTML tree onto blocks: what GitHub shows of HTML in a README, and what a
/// book's chapters hold. Elements become what they mean (headings, paragraphs, lists, quotes,
/// code, tables, images, line breaks, key caps, disclosures); comments, scripts, style sheets,
/// frames and forms are left out; any other element shows its text. Nothing is fetched.
///
/// One depth counter covers every recursive step (`MarkdownParser.maximumNestingDepth`), so
/// the walk's stack and time stay bounded however deep the tree.
struct XHTMLBlockMapper {
    var blocks: [Block] = []
    /// How a book resolves the chapter's links, images and ids (`MarkupBlocks`); nil for HTML
    /// inside Markdown, whose references stay as written and which is read as GitHub reads it
    /// (no `style` attribute, no `hidden`, no EPUB semantics).
    var references: (any MarkupReferences)?
    /// Whether the tree is a book's chapter (`references` is set).
    var isBook: Bool { references != nil }
    var depth = 0
    var quoteDepth = 0
    var listDepth = 0
    /// The marker (`• `, `3. `, `☐ `) the next block of a list item starts with.
    var pendingMarker: String?
    /// How the lines of the blocks being collected sit: the nearest `align` around them.
    var alignment = TextAlignment.leading
    /// Anchors (`id`, `<a name>`) met since the last block, for the next one.
    var pendingAnchors: [String] = []
    /// The disclosures whose bodies are being walked, outermost first.
    var disclosureBodies: [Int] = []
    /// How many `<details>` have opened so far: the next one's number.
    var disclosureCount = 0
    /// The numbers of the `<details open>` met so far, which start open.
    var disclosuresOpenAtStart: Set<Int> = []
    /// The disclosure whose `<summary>` is being collected.
    var summaryOf: Int?
    /// What the block being collected is: a paragraph (`paragraphKind`), or a heading.
    var leafKind = Block.Kind.paragraph
    /// What text outside headings becomes where the walk is: a paragraph, or in a book a
    /// note's (`.note`) or a caption's (`.caption`) text.
    var paragraphKind = Block.Kind.paragraph
    /// How many of a book's notes are open around the walk (`visitNote`).
    var noteDepth = 0
    /// How many blocks there were when the last note ended: a note that starts there follows
    /// it with no rule between.
    var blockCountAtNoteEnd: Int?
    /// How the white space of a book's text is kept: its CSS's `white-space`.
    var whiteSpace = BookElementStyle.WhiteSpace.normal
    /// A book's CSS where the walk is (`XHTMLBlockMapper+Styles`): the chapter's cascade,
    /// the element's computed style, and what waits for the next block or applies to each.
    var styles = BookStyleState()
    var inline = HTMLInlineText()
    /// Inside a table cell: blocks inside are run into the cell's text, and loadable images
    /// wait in `deferredImages` until after the table.
    var isInCell = false
    var deferredImages: [Block] = []

    /// The blocks of `tree`'s `<body>` (or of the whole tree when it has none); a book's when
    /// `references` resolves its links, images and ids.
    static func blocks(of tree: HTMLTree, references: (any MarkupReferences)? = nil) -> [Block] {
        var mapper = XHTMLBlockMapper()
        mapper.references = references
        if let references {
            (mapper.styles.cascade, mapper.styles.fontFamilies) = XHTMLBlockMapper.styleSheets(of: tree, references: references)
        }
        if let root = tree.root { mapper.visit(root) }
        mapper.finishBlock()
        if !mapper.pendingAnchors.isEmpty, !mapper.blocks.isEmpty {
            mapper.blocks[mapper.blocks.count - 1].anchors += mapper.pendingAnchors
        }
        return mapper.blocks
    }

    /// Runs `body` one level deeper, or notes that the content is nested too deeply.
    mutating func nested(_ body: (inout XHTMLBlockMapper) -> Void) {
        guard depth < MarkdownParser.maximumNestingDepth else {
            inline.append(verbatim: MarkdownParser.tooDeepText)
            return
        }
        depth += 1
        body(&self)
        depth -= 1
    }

    mutating func visitChildren(of node: HTMLNode) {
        nested { mapper in
            for child in node.children { mapper.visit(child) }
        }
    }

    mutating func visit(_ node: HTMLNode) {
        guard let name = node.elementName else {
            if let text = node.text { appendText(TextSanitizer.boundingCombiningSequences(text)) }
            return
        }
        if let id = node.attribute("id"), !id.isEmpty {
            // An element that starts a block ends the one being collected first, so its id
            // marks its own block, not the text before it.
            if HTMLElements.blocks.contains(name) { finishBlock() }
            pendingAnchors.append(anchor(ofID: id))
        }
        if HTMLElements.hidden.contains(name) {
            if isBook { visitHiddenInBook(node, name: name) }
            return
        }
        if isBook {
            visitInBook(node, name: name)
        } else {
            visitElement(node, name: name)
        }
    }

    /// Text as the white space around it says: kept in `<pre>`, kept as a book's `style`
    /// asks, else collapsed.
    private mutating func appendText(_ text: String) {
        var text = text
        // A block whose lines are kept starts at its first line, not at the line break after
        // its start tag (as HTML drops the one after `<pre>`).
        if whiteSpace != .normal, preformattedDepth == 0, inline.isBlank {
            text = String(text.drop { $0 == "\n" || $0 == "\r\n" })
        }
        if preformattedDepth > 0 || whiteSpace == .pre {
            inline.append(verbatim: text)
        } else if whiteSpace == .preLine {
            // Lines kept, the spaces in each collapsed.
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { inline.append(verbatim: "\n") }
                inline.append(collapsing: String(line))
            }
        } else {
            inline.append(collapsing: text)
        }
    }

    /// The anchor `id` names: the book's name for it, as written in Markdown's HTML.
    func anchor(ofID id: String) -> String { references?.anchor(ofID: id) ?? id }

    /// An element shown: what it means, as HTML inside Markdown reads it.
    mutating func visitElement(_ node: HTMLNode, name: String) {
        let suppressed = styles.suppressedOwnStyle
        styles.suppressedOwnStyle = nil
        if let style = HTMLElements.inlineStyle(name, node), style != suppressed {
            // In a book, a note's number already raised (`<a epub:type="noteref"><sup>1</sup></a>`)
            // is not raised again.
            guard !(isBook && style == .superscript && inline.isOpen(.superscript)) else { return visitChildren(of: node) }
            inline.openStyle(style)
            visitChildren(of: node)
            inline.closeStyle()
            return
        }
        switch name {
        case "br":
            inline.append(verbatim: "\n")
        case "img":
            appendImage(node, source: node.attribute("src") ?? "")
        case "figcaption" where isBook:
            visitCaption(node)
        case "dt" where isBook:
            visitTerm(node)
        case "dd" where isBook:
            visitDefinition(node)
        case "picture":
            appendPicture(node)
        case "a":
            visitLink(node)
        case "input":
            // A checkbox outside a list item's start (where it is the item's marker) shows as
            // a ballot box; other controls have no text of their own.
            if node.attribute("type")?.lowercased() == "checkbox" {
                inline.append(verbatim: node.attribute("checked") != nil ? "☒ " : "☐ ")
            }
        case "p", "div", "center", "section", "article", "header", "footer", "nav", "main", "aside", "figure",
             "figcaption", "address", "dl", "dt", "dd", "form", "fieldset", "legend", "hgroup", "caption", "body", "html",
             "summary":
            visitBlock(node, name: name)
        case "h1", "h2", "h3", "h4", "h5", "h6":
            visitHeading(node, level: Int(name.dropFirst())!)
        case "pre", "listing", "xmp", "plaintext":
            visitPreformatted(node)
        case "blockquote":
            visitQuote(node)
        case "ul", "ol", "menu", "dir":
            visitList(node, isOrdered: name == "ol")
        case "li":
            visitListItem(node, marker: "• ")
        case "table":
            visitTable(node)
        case "hr":
            finishBlock()
            // A book's notes already start after a short rule (`visitNote`): pandoc's `<hr/>`
            // first in its footnotes would draw a second.
            guard blocks.last?.kind != .noteRule else { break }
            append(Block(kind: .rule, text: ""))
        case "details":
            visitDisclosure(node)
        default:
            visitChildren(of: node)
        }
    }

    /// How many `<pre>` are open around the text: their white space is kept.
    var preformattedDepth = 0

    /// A block element: what came before it ends, its text is a block of its own, and its
    /// `align` (or `text-align`) places the lines of what it holds.
    mutating func visitBlock(_ node: HTMLNode, name: String) {
        guard !isInCell else {
            inline.append(collapsing: " ")
            visitChildren(of: node)
            inline.append(collapsing: " ")
            return
        }
        finishBlock()
        // cmark-gfm's footnotes: a rule sets them apart, as without HTML (a book's notes have
        // their own, `visitNote`).
        if !isBook, name == "section", node.classes.contains("footnotes") { append(Block(kind: .rule, text: "")) }
        let outer = alignment
        if let own = HTMLElements.alignment(of: node) {
            alignment = own
        } else if name == "center" {
            alignment = .center
        }
        visitChildren(of: node)
        finishBlock()
        alignment = outer
    }

    mutating func visitHeading(_ node: HTMLNode, level: Int) {
        guard !isInCell else { return visitBlock(node, name: "h\(level)") }
        finishBlock()
        let outer = alignment
        alignment = HTMLElements.alignment(of: node) ?? alignment
        leafKind = .heading(level: level)
        visitChildren(of: node)
        finishBlock()
        alignment = outer
    }

    mutating func visitQuote(_ node: HTMLNode) {
        guard !isInCell else { return visitBlock(node, name: "blockquote") }
        finishBlock()
        quoteDepth += 1
        visitChildren(of: node)
        finishBlock()
        quoteDepth -= 1
    }

    /// Preformatted text: one code block, its lines and spaces kept, styles inside left out.
    mutating func visitPreformatted(_ node: HTMLNode) {
        guard !isInCell else { return visitChildren(of: node) }
        finishBlock()
        preformattedDepth += 1
        visitChildren(of: node)
        preformattedDepth -= 1
        var (text, _) = inline.take()
        // HTML drops a newline right after `<pre>`; the one before `</pre>` ends the last line.
        if text.hasPrefix("\n") { text.removeFirst() }
        while text.hasSuffix("\n") { text.removeLast() }
        leafKind = paragraphKind
        append(Block(kind: .code, text: text))
    }

    /// A link: its text styled as a link to `href` (in a book, where its references say it
    /// leads; a note's reference raised as well); `name` makes an anchor.
    mutating func visitLink(_ node: HTMLNode) {
        if let name = node.attribute("name"), !name.isEmpty { pendingAnchors.append(anchor(ofID: name)) }
        guard let href = node.attribute("href")?.trimmingHTMLSpace, !href.isEmpty,
              let destination = references.map({ $0.destination(ofLink: href) }) ?? href else {
            return visitChildren(of: node)
        }
        let raises = isBook && XHTMLBlockMapper.isNoteReference(node) && !inline.isOpen(.superscript)
        if raises { inline.openStyle(.superscript) }
        inline.openStyle(.link(destination: destination))
        visitChildren(of: node)
        inline.closeStyle()
        if raises { inline.closeStyle() }
    }

    /// Ends the block being collected: its text becomes a block when it has any.
    mutating func finishBlock() {
        guard !isInCell else { return }
        let kind = leafKind
        leafKind = paragraphKind
        guard !inline.isBlank else {
            _ = inline.take()
            return
        }
        let (text, styles) = inline.take()
        append(Block(kind: kind, text: text, styles: styles))
    }

    /// Adds `block` where the walk is: in its quotes, list, disclosures and alignment, with
    /// the list marker and anchors waiting for it.
    mutating func append(_ block: Block) {
        var block = block.placed(takingMarker: &pendingMarker, quoteDepth: quoteDepth, listDepth: listDepth)
        if case .image = block.kind {} else { block.alignment = alignment }
        if !disclosureBodies.isEmpty || summaryOf != nil {
            let numbers = disclosureBodies + (summaryOf.map { [$0] } ?? [])
            block.disclosure = DisclosurePlace(enclosingBodies: disclosureBodies, summaryOf: summaryOf,
                                               startsOpen: numbers.filter(disclosuresOpenAtStart.contains))
        }
        block.anchors += pendingAnchors
        pendingAnchors = []
        if isBook { styles.place(&block) }
        blocks.append(block)
    }
}

extension String {
    /// The string without HTML white space at either end.
    var trimmingHTMLSpace: String {
        String(drop(while: \.isHTMLSpace).reversed().drop(while: \.isHTMLSpace).reversed())
    }
}
