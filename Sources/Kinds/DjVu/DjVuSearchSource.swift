import DocumentKit
import Machinery
import PageKit

/// A DjVu document's hidden text as a search reads it: each page a section of one block, read
/// on the search's worker with a handle opened there and used by no other thread.
struct DjVuSearchSource: SearchSource {
    private let handle: DjVuHandle
    let sectionCount: Int
    /// A scan's text is set as printed: a word hyphenated at a line's end is found whole.
    var joinsWordsHyphenatedAtLineEnds: Bool { true }

    /// Opens `file` for this worker; nil when DjVuLibre cannot (the search then finds nothing).
    init?(file: DjVuFile) {
        guard let handle = try? file.makeHandle() else { return nil }
        self.handle = handle
        sectionCount = min(handle.pageCount, file.pageCount)
    }

    func forEachBlockText(inSection section: Int, _ body: (Int, String) -> Void) {
        guard let zones = handle.pageText(section) else { return }
        body(0, PageText.plainText(of: zones))
    }
}

extension DjVuHandle {
    /// Page `page`'s hidden text with where its characters are drawn; nil when it has none
    /// or DjVuLibre cannot read it.
    func readText(page: Int) -> PageText? {
        guard let zones = pageText(page), let size = pageSize(page) else { return nil }
        return PageText(zones: zones, size: size)
    }
}

extension DjVuFile {
    /// The text of `range` (positions as `PageText` counts them), pages apart by a blank
    /// line: what a copy puts on the clipboard. Reads with a handle of its own, so it runs on
    /// any one thread (a paste's worker).
    public func text(in range: TextRange) -> String {
        guard let handle = try? makeHandle() else { return "" }
        let last = min(range.end.section, handle.pageCount - 1)
        guard range.start.section <= last else { return "" }
        var parts: [String] = []
        for page in max(range.start.section, 0)...last {
            guard let zones = handle.pageText(page) else { continue }
            let text = PageText.plainText(of: zones)
            let utf8 = text.utf8
            // A page without text (a picture, or one DjVuLibre cannot read) adds no blank lines.
            guard let part = range.utf8Range(inSection: page, block: 0, length: utf8.count), !part.isEmpty else { continue }
            let start = utf8.index(utf8.startIndex, offsetBy: part.lowerBound)
            parts.append(String(Substring(utf8[start..<utf8.index(start, offsetBy: part.count)])))
        }
        return parts.joined(separator: "\n\n")
    }
}
