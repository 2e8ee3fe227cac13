import Glibc

/// Markdown of a given size written to a temporary file for the benchmarks: headings,
/// paragraphs with emphasis and code spans, lists, code blocks, Latin and Cyrillic text.
enum GeneratedDocument {
    /// Writes about `bytes` bytes of Markdown to a new temporary file and returns its path.
    static func write(bytes: Int) -> String {
        let (fd, path) = createTemporaryMarkdown()
        var written = 0
        var chapter = 0
        while written < bytes {
            let chunk = Array(chapterText(chapter).utf8.prefix(bytes - written))
            written += chunk.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            chapter += 1
        }
        close(fd)
        return path
    }

    /// Writes images nested `levels` deep (`![![![x](u)](u)](u)`, issue 14's red-team file)
    /// to a new temporary file and returns its path.
    static func writeNestedImages(levels: Int) -> String {
        let (fd, path) = createTemporaryMarkdown()
        let text = Array((String(repeating: "![", count: levels) + "x" + String(repeating: "](u)", count: levels) + "\n").utf8)
        _ = text.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return path
    }

    private static func createTemporaryMarkdown() -> (Int32, String) {
        var template = Array("/tmp/glide-bench-XXXXXX.md".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 3) }
        precondition(fd >= 0, "cannot create a temporary file")
        return (fd, String(cString: template))
    }

    /// One chapter of about 4 KB; `number` varies the text so no two chapters are alike.
    private static func chapterText(_ number: Int) -> String {
        var text = "## Chapter \(number)\n\n"
        for paragraph in 0..<(4 + number % 3) {
            for sentence in 0..<(3 + (number + paragraph) % 4) {
                text += "Sentence \(sentence) of paragraph \(paragraph) moves *gently* under a finger, "
                    + "and the `offset` follows it like **paper** on a desk. "
            }
            text += "\n\n"
        }
        text += "Прокрутка должна ощущаться как движение бумаги под пальцем, глава \(number).\n\n"
        text += "- the first point of chapter \(number)\n- a second point\n- [a link](https://example.org/\(number))\n\n"
        text += "```\nlet chapter = \(number)\nscroll(to: chapter * 800)\n```\n\n"
        return text
    }
}
