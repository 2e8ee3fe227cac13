import CCmarkGFM
import Glibc

/// Markdown that holds HTML, read as GitHub reads it: cmark-gfm writes the whole document as
/// HTML, raw HTML kept, and the block mapping reads that back (`XHTMLBlockMapper`). An HTML
/// element may open in one Markdown block and close in another (`<p align="center">`, a
/// blank line, an image, a blank line, `</p>`), which only the whole document shows.
enum MarkdownHTML {
    /// Whether the tree has raw HTML, a block or inline.
    static func containsHTML(_ root: OpaquePointer) -> Bool {
        guard let iterator = cmark_iter_new(root) else { return false }
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            let type = cmark_node_get_type(cmark_iter_get_node(iterator))
            if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE { return true }
        }
        return false
    }

    /// The blocks of the tree `root` that `parser` made, through its HTML; nil if cmark-gfm
    /// or libxml2 makes nothing of it.
    static func blocks(of root: OpaquePointer, parser: OpaquePointer, options: Int32) -> [Block]? {
        guard let html = cmark_render_html(root, options | CMARK_OPT_UNSAFE, cmark_parser_get_syntax_extensions(parser))
        else { return nil }
        defer { free(html) }
        let length = strlen(html)
        let bytes = html.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        guard let tree = HTMLTree(utf8: bytes) else { return nil }
        return XHTMLBlockMapper.blocks(of: tree)
    }
}
