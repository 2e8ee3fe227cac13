@testable import DocumentKit
@testable import TextKind
import TestSupport


/// `chapteredText(chapters:)` as a Markdown document.
func chapteredDocument(chapters: Int) -> TextDocument {
    TextDocument(text: chapteredText(chapters: chapters), isMarkdown: true, title: "chapters")
}

/// `chapteredDocument(chapters:)` as pages side by side in a `width`×`height` viewport.
func chapteredPages(chapters: Int, width: Double, height: Double) -> HorizontalPagesLayout {
    let pages = HorizontalPagesLayout(document: chapteredDocument(chapters: chapters))
    pages.setViewportSize(width: width, height: height)
    return pages
}
