import CCmarkGFM
import DocumentKit

/// Walks a cmark-gfm tree into blocks. One depth counter covers every recursive step, blocks
/// and inlines alike (see `MarkdownParser.maximumNestingDepth`).
struct MarkdownWalker {
    private(set) var blocks: [Block] = []
    private var depth = 0
    private var quoteDepth = 0
    private var listDepth = 0
    /// The marker (`• `, `3. `, `☐ `) the next paragraph of a list item starts with.
    private var pendingMarker: String?
    /// The inline text being collected for the current leaf block, its styles and the images
    /// found in it.
    private var text = ""
    private var styles: [InlineStyle] = []
    private var images: [Block] = []
    /// How many footnote definitions have been seen.
    private var footnoteCount = 0
    /// Whether the inlines being collected are a heading's.
    private var isInHeading = false

    /// Runs `body` one level deeper, or notes that the content is nested too deeply.
    private mutating func nested(asBlock: Bool, _ body: (inout MarkdownWalker) -> Void) {
        guard depth < MarkdownParser.maximumNestingDepth else {
            if asBlock {
                append(Block(kind: .paragraph, text: MarkdownParser.tooDeepText))
            } else {
                text += MarkdownParser.tooDeepText
            }
            return
        }
        depth += 1
        body(&self)
        depth -= 1
    }

    mutating func visitChildren(of node: OpaquePointer) {
        nested(asBlock: true) { walker in
            for child in children(of: node) { walker.visitBlock(child) }
        }
    }

    private mutating func visitBlock(_ node: OpaquePointer) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_BLOCK_QUOTE:
            quoteDepth += 1
            visitChildren(of: node)
            quoteDepth -= 1
        case CMARK_NODE_LIST:
            visitList(node)
        case CMARK_NODE_HEADING:
            isInHeading = true
            appendInlines(of: node, as: .heading(level: Int(cmark_node_get_heading_level(node))))
            isInHeading = false
        case CMARK_NODE_PARAGRAPH:
            appendInlines(of: node, as: .paragraph)
        case CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
            var literal = MarkdownParser.literal(of: node)
            while literal.hasSuffix("\n") { literal.removeLast() }
            append(Block(kind: .code, text: literal))
        case CMARK_NODE_THEMATIC_BREAK:
            append(Block(kind: .rule, text: ""))
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            visitFootnoteDefinition(node)
        default:
            if MarkdownParser.typeName(of: node) == "table" {
                appendTable(node)
            } else {
                visitChildren(of: node)
            }
        }
    }

    private mutating func visitList(_ node: OpaquePointer) {
        listDepth += 1
        var number = Int(cmark_node_get_list_start(node))
        let isOrdered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        nested(asBlock: true) { walker in
            for item in children(of: node) {
                if MarkdownParser.typeName(of: item) == "tasklist" {
                    // Ballot boxes: U+2610 and U+2612, in DejaVu Sans and Noto.
                    walker.pendingMarker = cmark_gfm_extensions_get_tasklist_item_checked(item) ? "☒ " : "☐ "
                } else {
                    walker.pendingMarker = isOrdered ? "\(number). " : "• "
                }
                number += 1
                walker.visitChildren(of: item)
            }
        }
        listDepth -= 1
    }

    /// A footnote's text, after its number; a rule above the first. cmark-gfm moves the
    /// definitions that are referenced to the end, in the order of their first reference, and
    /// numbers the references the same way.
    private mutating func visitFootnoteDefinition(_ node: OpaquePointer) {
        if footnoteCount == 0 { append(Block(kind: .rule, text: "")) }
        footnoteCount += 1
        pendingMarker = "\(footnoteCount). "
        let first = blocks.count
        visitChildren(of: node)
        if first < blocks.count { blocks[first].anchors.append(MarkdownWalker.footnoteAnchor("\(footnoteCount)")) }
    }

    /// The anchor of footnote `number`, which its references link to.
    static func footnoteAnchor(_ number: String) -> String { "fn-" + number }

    /// A table as one block per row, all sharing the table's column plan.
    private mutating func appendTable(_ table: OpaquePointer) {
        let columnCount = Int(cmark_gfm_extensions_get_table_columns(table))
        guard columnCount > 0 else { return }
        let alignmentCodes = cmark_gfm_extensions_get_table_alignments(table)
        let alignments: [TableRow.Alignment] = (0..<columnCount).map { column in
            switch alignmentCodes?[column] ?? 0 {
            case UInt8(ascii: "c"): return .center
            case UInt8(ascii: "r"): return .trailing
            default: return .leading
            }
        }
        var rows: [TableBlocks.Row] = []
        for row in children(of: table) {
            var cells: [TableRow.Cell] = []
            for cell in children(of: row) where cells.count < columnCount {
                let (text, styles) = collectInlines(of: cell)
                cells.append(TableRow.Cell(text: text, styles: styles))
            }
            rows.append(TableBlocks.Row(cells: cells, isHeader: cmark_gfm_extensions_get_table_row_is_header(row) != 0))
        }
        for block in TableBlocks.blocks(rows: rows, alignments: alignments) { append(block) }
        // Images in cells are drawn at the column's width, after the table.
        for image in images { append(image) }
        images = []
    }

    /// A leaf block's text with its styles, then each image it holds as a block of its own
    /// (images are drawn at the column's width, not inside a line).
    private mutating func appendInlines(of node: OpaquePointer, as kind: Block.Kind) {
        let (text, styles) = collectInlines(of: node)
        let found = images
        images = []
        if !text.allSatisfy(\.isWhitespace) || found.isEmpty {
            append(Block(kind: kind, text: text, styles: styles))
        }
        for image in found { append(image) }
    }

    /// The text and styles of `node`'s inlines; images found go to `images`.
    private mutating func collectInlines(of node: OpaquePointer) -> (String, [InlineStyle]) {
        (text, styles) = ("", [])
        collect(node)
        defer { (text, styles) = ("", []) }
        return (text, styles)
    }

    private mutating func collect(_ node: OpaquePointer) {
        nested(asBlock: false) { walker in
            for child in children(of: node) { walker.visitInline(child) }
        }
    }

    private mutating func visitInline(_ node: OpaquePointer) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_SOFTBREAK:
            text += " "
        case CMARK_NODE_LINEBREAK:
            text += "\n"
        case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE:
            text += MarkdownParser.literal(of: node)
        case CMARK_NODE_CODE:
            styled(.code) { $0.text += MarkdownParser.literal(of: node) }
        case CMARK_NODE_EMPH:
            styled(.emphasis) { $0.collect(node) }
        case CMARK_NODE_STRONG:
            styled(.strong) { $0.collect(node) }
        case CMARK_NODE_LINK:
            let destination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            // A link to nothing (a reference whose destination was dropped,
            // `ReferenceExpansionLimit`) is its text alone.
            if destination.isEmpty {
                collect(node)
            } else {
                styled(.link(destination: destination)) { $0.collect(node) }
            }
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            // cmark-gfm gives a reference its footnote's number as its literal; a tap on it
            // goes to the note (`visitFootnoteDefinition`).
            let number = MarkdownParser.literal(of: node)
            styled(.link(destination: "#" + MarkdownWalker.footnoteAnchor(number))) { walker in
                walker.styled(.superscript) { $0.text += number }
            }
        case CMARK_NODE_IMAGE:
            appendImage(node)
        default:
            if MarkdownParser.typeName(of: node) == "strikethrough" {
                styled(.strikethrough) { $0.collect(node) }
            } else {
                collect(node)
            }
        }
    }

    /// An image found inside inline text: its description is collected one level deeper, into
    /// fresh text that is then put back, so nested images count against the same depth. An
    /// image that is not loaded stays in the line as its label (a row of badges stays a line);
    /// one in a heading (a logo) stays in the line as itself.
    private mutating func appendImage(_ node: OpaquePointer) {
        let saved = (text, styles)
        (text, styles) = ("", [])
        let slot = images.count
        collect(node)
        let source = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
        let description = text
        (text, styles) = saved
        if !ImageReference.isLoadable(source) {
            styled(.imageLabel(source: source)) { $0.text += ImageReference.label(source: source, alternative: description) }
        } else if isInHeading {
            styled(.inlineImage(source: source)) { $0.text += "\u{FFFC}" }
        } else {
            images.insert(Block(kind: .image(source: source), text: description, alignment: .center), at: slot)
        }
    }

    private mutating func styled(_ kind: InlineStyle.Kind, _ body: (inout MarkdownWalker) -> Void) {
        let start = text.utf8.count
        body(&self)
        let end = text.utf8.count
        if end > start { styles.append(InlineStyle(kind, utf8Range: start..<end)) }
    }

    private mutating func append(_ block: Block) {
        blocks.append(block.placed(takingMarker: &pendingMarker, quoteDepth: quoteDepth, listDepth: listDepth))
    }
}
