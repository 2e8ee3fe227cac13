import CCmarkGFM
import DocumentKit
import Localization

/// Turns GitHub Flavored Markdown into blocks with cmark-gfm: CommonMark plus tables,
/// strikethrough, task lists, autolinks and footnotes.
enum MarkdownParser {
    /// How deep anything may nest (quotes, lists, emphasis, links, images inside image
    /// descriptions, footnotes) before the rest is left out. Every recursive step of the walk
    /// counts against this one limit, so the walk's stack and time stay bounded whatever the
    /// nesting: a file of 100,000 nested images costs what its bytes cost to parse. At 28 px
    /// a level, 32 levels are wider than any column anyway.
    static let maximumNestingDepth = 32

    /// What stands in for content nested deeper than that.
    static var tooDeepText: String { localized("… (nested too deeply to show)") }

    /// The syntax extensions GitHub enables (footnotes are an option of the core parser).
    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// The most nodes a file parsed whole may make: its table cells (`TableColumnLimit`), inlines
    /// and lines (`ParseNodeEstimate`). At about 1 µs and 200 bytes a node that is 0.1 s and
    /// 20 MB before the first frame, which comes within a second even with four windows
    /// opening at once on two cores (the bad-input corpus; at 300,000 it took 1.4 to 1.7 s
    /// there). A file that makes more is parsed a section at a time, where each section's
    /// nodes are bounded by its 8 KB.
    static let wholeParseNodeLimit = 100_000

    /// The blocks of the Markdown in `bytes` parsed whole, or nil if that would cost more than
    /// its bytes do: nested too deeply (`NestingScan`), or making too many nodes.
    static func wholeBlocks(from bytes: [UInt8]) -> [Block]? {
        guard !NestingScan.isDeeplyNested(bytes) else { return nil }
        let (tables, cellCount) = TableColumnLimit.limited(bytes)
        guard cellCount + ParseNodeEstimate.count(in: bytes) <= wholeParseNodeLimit else { return nil }
        return parsed(ReferenceExpansionLimit.limited(tables))
    }

    /// The blocks of the Markdown in `bytes`, its tables and references cut to what its size
    /// allows (`TableColumnLimit`, `ReferenceExpansionLimit`).
    static func blocks(from bytes: [UInt8]) -> [Block] {
        parsed(ReferenceExpansionLimit.limited(TableColumnLimit.limited(bytes).bytes))
    }

    private static let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES

    /// The blocks cmark-gfm makes of `bytes`. It replaces invalid UTF-8 and NUL with
    /// U+FFFD (`CMARK_OPT_VALIDATE_UTF8`). Markdown with raw HTML goes through its HTML
    /// (`MarkdownHTML`); the rest, most files, is walked straight from the tree.
    private static func parsed(_ bytes: [UInt8]) -> [Block] {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(options) else { return [] }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let root = cmark_parser_finish(parser) else { return [] }
        defer { cmark_node_free(root) }
        if ByteScan.contains(UInt8(ascii: "<"), in: bytes), MarkdownHTML.containsHTML(root),
           let blocks = MarkdownHTML.blocks(of: root, parser: parser, options: options) {
            return TableColumnSamples.sampling(blocks)
        }
        var walker = MarkdownWalker()
        walker.visitChildren(of: root)
        return TableColumnSamples.sampling(walker.blocks)
    }

    static func literal(of node: OpaquePointer) -> String {
        TextSanitizer.boundingCombiningSequences(cmark_node_get_literal(node).map { String(cString: $0) } ?? "")
    }

    /// The name cmark-gfm gives a node's type: extensions' nodes (`table`, `strikethrough`)
    /// have no fixed enum value.
    static func typeName(of node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    }
}

/// A cmark node's children, in order. (cmark-gfm's header has no nullability annotations, so
/// each pointer is taken as optional before it is used.)
func children(of node: OpaquePointer) -> UnfoldSequence<OpaquePointer, OpaquePointer?> {
    sequence(state: cmark_node_first_child(node) as OpaquePointer?) { next in
        guard let current = next else { return nil }
        next = cmark_node_next(current) as OpaquePointer?
        return current
    }
}
