/// One unit of a document's layout: a heading, a paragraph, a code block, a rule.
public struct Block: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A heading of level 1 (largest) to 6.
        case heading(level: Int)
        case paragraph
        /// Preformatted text: monospace, lines kept, no wrapping of its own.
        case code
        /// A thematic break (`---`).
        case rule
    }

    public var kind: Kind
    /// The block's text, plain: it is never parsed as pango markup.
    public var text: String
    /// How many block quotes the block sits in.
    public var quoteDepth: Int
    /// The list nesting level (0 outside lists).
    public var listDepth: Int

    public init(kind: Kind, text: String, quoteDepth: Int = 0, listDepth: Int = 0) {
        self.kind = kind
        self.text = text
        self.quoteDepth = quoteDepth
        self.listDepth = listDepth
    }
}
