import CCmark

/// Turns CommonMark into blocks with libcmark.
enum MarkdownParser {
    /// How deep quotes, lists and inline styles may nest before the rest is left out. The
    /// walk recurses once per level, and a file of thousands of `>` would overflow the stack;
    /// at 28 px a level, 32 levels are wider than any column anyway.
    static let maximumNestingDepth = 32

    /// What stands in for content nested deeper than that.
    static let tooDeepText = "… (nested too deeply to show)"

    /// The blocks of the CommonMark in `bytes`. libcmark replaces invalid UTF-8 and NUL with
    /// U+FFFD (`CMARK_OPT_VALIDATE_UTF8`).
    static func blocks(from bytes: UnsafeRawBufferPointer) -> [Block] {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
              let root = cmark_parse_document(start, bytes.count, CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8)
        else { return [] }
        defer { cmark_node_free(root) }
        var walker = Walker()
        walker.visitChildren(of: root)
        return walker.blocks
    }

    private struct Walker {
        var blocks: [Block] = []
        private var quoteDepth = 0
        private var listDepth = 0
        /// The marker (`• `, `3. `) the next paragraph of a list item starts with.
        private var pendingMarker: String?

        mutating func visitChildren(of node: OpaquePointer) {
            for child in children(of: node) { visit(child) }
        }

        private mutating func visit(_ node: OpaquePointer) {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_LIST,
               quoteDepth + listDepth >= MarkdownParser.maximumNestingDepth {
                append(Block(kind: .paragraph, text: MarkdownParser.tooDeepText))
                return
            }
            switch type {
            case CMARK_NODE_BLOCK_QUOTE:
                quoteDepth += 1
                visitChildren(of: node)
                quoteDepth -= 1
            case CMARK_NODE_LIST:
                listDepth += 1
                var number = Int(cmark_node_get_list_start(node))
                let isOrdered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
                var item = cmark_node_first_child(node)
                while let current = item {
                    pendingMarker = isOrdered ? "\(number). " : "• "
                    number += 1
                    visitChildren(of: current)
                    item = cmark_node_next(current)
                }
                listDepth -= 1
            case CMARK_NODE_HEADING:
                appendInlines(of: node, as: .heading(level: Int(cmark_node_get_heading_level(node))))
            case CMARK_NODE_PARAGRAPH:
                appendInlines(of: node, as: .paragraph)
            case CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
                var literal = MarkdownParser.literal(of: node)
                while literal.hasSuffix("\n") { literal.removeLast() }
                append(Block(kind: .code, text: literal))
            case CMARK_NODE_THEMATIC_BREAK:
                append(Block(kind: .rule, text: ""))
            default:
                visitChildren(of: node)
            }
        }

        /// A leaf block's text with its styles, then each image it holds as a block of its own
        /// (images are drawn at the column's width, not inside a line).
        private mutating func appendInlines(of node: OpaquePointer, as kind: Block.Kind) {
            var inlines = InlineCollector()
            inlines.collect(node)
            if !inlines.text.allSatisfy(\.isWhitespace) || inlines.images.isEmpty {
                append(Block(kind: kind, text: inlines.text, styles: inlines.styles))
            }
            for image in inlines.images { append(image) }
        }

        private mutating func append(_ block: Block) {
            var block = block
            if let marker = pendingMarker {
                block.text = marker + block.text
                let shift = marker.utf8.count
                block.styles = block.styles.map {
                    InlineStyle($0.kind, utf8Range: ($0.utf8Range.lowerBound + shift)..<($0.utf8Range.upperBound + shift))
                }
                pendingMarker = nil
            }
            block.quoteDepth = quoteDepth
            block.listDepth = listDepth
            blocks.append(block)
        }
    }

    /// The text of a leaf block's inlines, soft breaks as spaces, with the ranges of emphasis,
    /// strong emphasis, code spans and links, and the images found on the way.
    private struct InlineCollector {
        var text = ""
        var styles: [InlineStyle] = []
        var images: [Block] = []
        private var depth = 0

        mutating func collect(_ node: OpaquePointer) {
            guard depth < MarkdownParser.maximumNestingDepth else {
                text += MarkdownParser.tooDeepText
                return
            }
            depth += 1
            for child in children(of: node) { visit(child) }
            depth -= 1
        }

        private mutating func visit(_ node: OpaquePointer) {
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
                styled(.link(destination: destination)) { $0.collect(node) }
            case CMARK_NODE_IMAGE:
                var description = InlineCollector()
                description.collect(node)
                let source = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                images.append(Block(kind: .image(source: source), text: description.text))
                images += description.images
            default:
                collect(node)
            }
        }

        private mutating func styled(_ kind: InlineStyle.Kind, _ body: (inout InlineCollector) -> Void) {
            let start = text.utf8.count
            body(&self)
            let end = text.utf8.count
            if end > start { styles.append(InlineStyle(kind, utf8Range: start..<end)) }
        }
    }

    static func literal(of node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }
}

/// A cmark node's children, in order.
private func children(of node: OpaquePointer) -> UnfoldSequence<OpaquePointer, (OpaquePointer?, Bool)> {
    sequence(first: cmark_node_first_child(node)) { cmark_node_next($0) }
}
