import DocumentKit

/// The text of the block being collected from HTML, with its styles: white space collapsed as
/// a browser collapses it (runs of spaces, tabs and newlines are one space, none at a line's
/// start or end), and styles that stay open across a cut into blocks.
struct HTMLInlineText {
    private(set) var text = ""
    private(set) var styles: [InlineStyle] = []
    /// Styles of the elements open around the text being collected, outermost first, with
    /// where each started.
    private var open: [(kind: InlineStyle.Kind, start: Int)] = []
    /// Whether white space came since the last text, to be one space before the next.
    private var pendingSpace = false

    /// Whether nothing but white space was collected.
    var isBlank: Bool { text.allSatisfy(\.isWhitespace) }

    /// Appends HTML text, its white space collapsed. HTML's white space is ASCII, so the text
    /// is cut into words on its UTF-8 bytes and added a word at a time.
    mutating func append(collapsing piece: String) {
        var piece = piece
        piece.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                if HTMLInlineText.isSpace(bytes[index]) {
                    pendingSpace = true
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, !HTMLInlineText.isSpace(bytes[index]) { index += 1 }
                placePendingSpace()
                text += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
        }
    }

    /// Whether `byte` is HTML white space: space, tab, line feed, form feed, carriage return.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// Appends text as it is: a line break, a list marker, an image's label.
    mutating func append(verbatim piece: String) {
        placePendingSpace()
        text += piece
        if piece.hasSuffix("\n") { pendingSpace = false }
    }

    /// A space waiting from earlier white space is put in now, before a style starts, so the
    /// space stays outside it.
    private mutating func placePendingSpace() {
        if pendingSpace, let last = text.last, last != "\n" { text += " " }
        pendingSpace = false
    }

    mutating func openStyle(_ kind: InlineStyle.Kind) {
        placePendingSpace()
        open.append((kind, text.utf8.count))
    }

    /// Whether a style of `kind` is open around the text being collected.
    func isOpen(_ kind: InlineStyle.Kind) -> Bool { open.contains { $0.kind == kind } }

    mutating func closeStyle() {
        guard let (kind, start) = open.popLast() else { return }
        let end = text.utf8.count
        if end > start { styles.append(InlineStyle(kind, utf8Range: start..<end)) }
    }

    /// The text and styles collected, trailing white space and line breaks dropped, and the
    /// buffer emptied; styles still open go on in what is collected next.
    mutating func take() -> (text: String, styles: [InlineStyle]) {
        let end = text.utf8.count
        for (kind, start) in open where end > start {
            styles.append(InlineStyle(kind, utf8Range: start..<end))
        }
        open = open.map { ($0.kind, 0) }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        let length = text.utf8.count
        let taken = (text, styles.compactMap { style -> InlineStyle? in
            let range = min(style.utf8Range.lowerBound, length)..<min(style.utf8Range.upperBound, length)
            return range.isEmpty ? nil : InlineStyle(style.kind, utf8Range: range)
        })
        text = ""
        styles = []
        pendingSpace = false
        return taken
    }
}

extension Character {
    /// HTML's white space: space, tab, line feed, form feed and carriage return (not
    /// U+00A0, which holds words together).
    var isHTMLSpace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r\n" || self == "\r" || self == "\u{0C}" }
}
