/// What a session opens in glide.
public enum SessionDocument: Sendable {
    /// Markdown text, written to `document.md` in the compositor's runtime directory.
    case text(String)
    /// Files or directories as glide's operands; none opens the bundled default document.
    case paths([String])

    /// A long Markdown document of numbered paragraphs of varied words, so that every line
    /// differs from its neighbours (which makes image shifts unambiguous) and a fling has room.
    public static let longDocument: SessionDocument = .text(longText)

    private static let longText: String = {
        let words = ["glide", "scroll", "finger", "page", "quiet", "river", "amber", "window", "lattice", "motion",
                     "harbour", "signal", "pixel", "meadow", "copper", "thread", "velvet", "orbit", "canvas", "ember"]
        var state: UInt32 = 12345
        func next() -> Int {
            state = state &* 1_103_515_245 &+ 12345
            return Int((state >> 16) & 0x7fff)
        }
        var text = "# A long document\n\n"
        for paragraph in 1...300 {
            let count = 6 + next() % 30
            text += "\(paragraph). " + (0..<count).map { _ in words[next() % words.count] }.joined(separator: " ") + "\n\n"
        }
        return text
    }()
}
