/// Splits plain text into paragraphs at blank lines, keeping the line breaks inside them.
enum PlainTextParser {
    static func blocks(from text: String) -> [Block] {
        var blocks: [Block] = []
        var lines: [Substring] = []
        func flush() {
            if !lines.isEmpty {
                blocks.append(Block(kind: .paragraph, text: lines.joined(separator: "\n")))
                lines.removeAll()
            }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.last == "\r" ? line.dropLast() : line
            if trimmed.allSatisfy({ $0 == " " || $0 == "\t" }) {
                flush()
            } else {
                lines.append(trimmed)
            }
        }
        flush()
        return blocks
    }
}
