import DocumentKit

/// Splits plain text into blocks at blank lines, keeping the line breaks (and tabs) inside them;
/// the blocks are set in monospace (`Block.Kind.plainText`).
enum PlainTextParser {
    static func blocks(from text: String) -> [Block] {
        var blocks: [Block] = []
        var lines: [Substring] = []
        func flush() {
            if !lines.isEmpty {
                blocks.append(Block(kind: .plainText, text: lines.joined(separator: "\n")))
                lines.removeAll()
            }
        }
        // "\r\n" is one Character, so it counts as one newline like "\n" does.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                flush()
            } else {
                lines.append(line)
            }
        }
        flush()
        return blocks
    }
}
