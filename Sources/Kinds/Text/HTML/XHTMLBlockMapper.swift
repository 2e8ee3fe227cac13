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
    private(set) var blocks: [Block] = []
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
    /// The disclosure whose `<summary>` is being collected.
    var summaryOf: Int?
    /// What the block being collected is: a paragraph, or a heading.
    var leafKind = Block.Kind.paragraph
    var inline = HTMLInlineText()
    /// Inside a table cell: blocks inside are run into the cell's text, and loadable images
    /// wait in `deferredImages` until after the table.
    var isInCell = false
    var deferredImages: [Block] = []

    /// The blocks of `tree`'s `<body>` (or of the whole tree when it has none).
    static func blocks(of tree: HTMLTree) -> [Block] {
        var mapper = XHTMLBlockMapper()
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
            if let text = node.text {
                if preformattedDepth > 0 {
                    inline.append(verbatim: TextSanitizer.boundingCombiningSequences(text))
                } else {
                    inline.append(collapsing: TextSanitizer.boundingCombiningSequences(text))
                }
            }
            return
        }
        if let id = node.attribute("id"), !id.isEmpty { pendingAnchors.append(id) }
        if HTMLElements.hidden.contains(name) { return }
        if let style = HTMLElements.inlineStyle(name, node) {
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
             "figcaption", "address", "dl", "dt", "dd", "form", "fieldset", "legend", "hgroup", "caption", "body", "html":
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
        // cmark-gfm's footnotes: a rule sets them apart, as without HTML.
        if name == "section", node.classes.contains("footnotes") { append(Block(kind: .rule, text: "")) }
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
        leafKind = .paragraph
        append(Block(kind: .code, text: text))
    }

    /// A link: its text styled as a link to `href`; `name` makes an anchor.
    mutating func visitLink(_ node: HTMLNode) {
        if let name = node.attribute("name"), !name.isEmpty { pendingAnchors.append(name) }
        guard let destination = node.attribute("href")?.trimmingHTMLSpace, !destination.isEmpty else {
            return visitChildren(of: node)
        }
        inline.openStyle(.link(destination: destination))
        visitChildren(of: node)
        inline.closeStyle()
    }

    /// Ends the block being collected: its text becomes a block when it has any.
    mutating func finishBlock() {
        guard !isInCell else { return }
        let kind = leafKind
        leafKind = .paragraph
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
            block.disclosure = DisclosurePlace(enclosingBodies: disclosureBodies, summaryOf: summaryOf)
        }
        block.anchors += pendingAnchors
        pendingAnchors = []
        blocks.append(block)
    }
}

extension String {
    /// The string without HTML white space at either end.
    var trimmingHTMLSpace: String {
        String(drop(while: \.isHTMLSpace).reversed().drop(while: \.isHTMLSpace).reversed())
    }
}
