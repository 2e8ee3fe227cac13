/// Markdown of `chapters` chapters (`# Chapter c`), each with three parts (`## Part c.p`) of
/// paragraphs of varied length, every one starting with its own name (`Paragraph c.p.n`).
/// About 7 KB a chapter: several sections, many pages at a small viewport, one heading row
/// per chapter and part.
public func chapteredText(chapters: Int) -> String {
    var text = ""
    for chapter in 1...chapters {
        text += "# Chapter \(chapter)\n\n"
        for part in 1...3 {
            text += "## Part \(chapter).\(part)\n\n"
            for paragraph in 1...4 {
                text += "Paragraph \(chapter).\(part).\(paragraph) "
                text += String(repeating: "tells how a page turns under a finger. ", count: 3 + (chapter + part + paragraph) % 9)
                text += "\n\n"
            }
        }
    }
    return text
}
