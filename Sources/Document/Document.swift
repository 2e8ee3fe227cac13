/// A loaded document: its blocks, ready for layout.
public struct Document: Sendable {
    /// Where the document came from, for the window title.
    public var title: String
    public var blocks: [Block]

    public init(title: String, blocks: [Block]) {
        self.title = title
        self.blocks = blocks
    }

    /// Reads a text or Markdown file. Markdown is recognised by its extension
    /// (`.md`, `.markdown`); anything else is plain text. Bad UTF-8 becomes U+FFFD.
    public init(contentsOfFile path: String) throws(DocumentError) {
        let text = try SourceFile.readText(atPath: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        self.init(text: text, isMarkdown: Document.isMarkdownPath(path), title: name)
    }

    /// Parses text already in memory.
    public init(text: String, isMarkdown: Bool, title: String) {
        self.title = title
        blocks = isMarkdown ? MarkdownParser.blocks(from: text) : PlainTextParser.blocks(from: text)
    }

    static func isMarkdownPath(_ path: String) -> Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".md") || lowercased.hasSuffix(".markdown")
    }
}
