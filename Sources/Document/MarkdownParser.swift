import CCmark

/// Turns CommonMark into blocks with libcmark.
enum MarkdownParser {
    static func blocks(from text: String) -> [Block] {
        var source = text
        let root = source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                cmark_parse_document($0.baseAddress, $0.count, CMARK_OPT_DEFAULT)
            }
        }
        guard let root else { return PlainTextParser.blocks(from: text) }
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
            var child = cmark_node_first_child(node)
            while let current = child {
                visit(current)
                child = cmark_node_next(current)
            }
        }

        private mutating func visit(_ node: OpaquePointer) {
            switch cmark_node_get_type(node) {
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
                append(.heading(level: Int(cmark_node_get_heading_level(node))), inlineText(of: node))
            case CMARK_NODE_PARAGRAPH:
                append(.paragraph, inlineText(of: node))
            case CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
                var literal = literalText(of: node)
                while literal.hasSuffix("\n") { literal.removeLast() }
                append(.code, literal)
            case CMARK_NODE_THEMATIC_BREAK:
                append(.rule, "")
            default:
                visitChildren(of: node)
            }
        }

        private mutating func append(_ kind: Block.Kind, _ text: String) {
            let marker = pendingMarker ?? ""
            pendingMarker = nil
            blocks.append(Block(kind: kind, text: marker + text, quoteDepth: quoteDepth, listDepth: listDepth))
        }

        private func literalText(of node: OpaquePointer) -> String {
            cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        }

        /// The text of a leaf block's inlines, with soft breaks as spaces.
        private func inlineText(of node: OpaquePointer) -> String {
            var text = ""
            var child = cmark_node_first_child(node)
            while let current = child {
                switch cmark_node_get_type(current) {
                case CMARK_NODE_SOFTBREAK:
                    text += " "
                case CMARK_NODE_LINEBREAK:
                    text += "\n"
                case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
                    text += literalText(of: current)
                default:
                    text += inlineText(of: current)
                }
                child = cmark_node_next(current)
            }
            return text
        }
    }
}
