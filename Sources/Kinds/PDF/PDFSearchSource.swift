import DocumentKit
import Machinery
import PageKit

/// A PDF's text as a search reads it: each page a section of one block, read on the search's
/// worker with a poppler document opened there and used by no other thread.
struct PDFSearchSource: SearchSource {
    private let document: PopplerDocumentHandle
    let sectionCount: Int
    var joinsWordsHyphenatedAtLineEnds: Bool { true }



    /// Opens `file` for this worker; nil when poppler cannot (the search then finds nothing).
    /// At most `pageLimit` pages are read: the pages the layout shows, when this worker's
    /// document counts more (the file grew in place since the layout's opened).
    init?(file: PDFFile, pageLimit: Int? = nil) {
        let opened = PopplerBackgroundWork.perform { () -> PopplerDocumentHandle? in
            PopplerWarmUp.ensure()
            return try? file.makeDocument()
        }
        guard let document = opened ?? nil else { return nil }
        self.document = document
        let pageCount = PopplerBackgroundWork.perform { document.pageCount } ?? 0
        sectionCount = min(pageCount, pageLimit ?? pageCount)
    }

    func forEachBlockText(inSection section: Int, _ body: (Int, String) -> Void) {
        // A page poppler cannot read has no text to find.
        guard let text = PopplerBackgroundWork.perform({ PageText.readText(page: section, of: document) }) ?? nil
        else { return }
        body(0, text)
    }
}

extension DocumentSearch {
    /// Starts searching the text of `pdf`'s pages (at most `pageLimit`), each page a section of
    /// one block, with a poppler document of the worker's own (poppler's are not to be shared
    /// by threads).
    public convenience init(pdf: PDFFile, query: String, pageLimit: Int? = nil, mailbox: MainThreadMailbox = .shared) {
        self.init(query: query, mailbox: mailbox) { PDFSearchSource(file: pdf, pageLimit: pageLimit) }
    }
}

extension PDFFile {
    /// The text of `range` (positions as `PageText` counts them), pages apart by a blank
    /// line: what a copy puts on the clipboard. Reads with a poppler document of its own, so it
    /// runs on any one thread (a paste's worker).
    public func text(in range: TextRange) -> String {
        guard let document = PopplerBackgroundWork.perform({ try? makeDocument() }) ?? nil else { return "" }
        let pages = PopplerBackgroundWork.perform { document.pageCount } ?? 0
        let last = min(range.end.section, pages - 1)
        guard range.start.section <= last else { return "" }
        var parts: [String] = []
        for page in max(range.start.section, 0)...last {
            guard let text = PopplerBackgroundWork.perform({ PageText.readText(page: page, of: document) }) ?? nil
            else { continue }
            let utf8 = text.utf8
            guard let part = range.utf8Range(inSection: page, block: 0, length: utf8.count) else { continue }
            let start = utf8.index(utf8.startIndex, offsetBy: part.lowerBound)
            parts.append(String(Substring(utf8[start..<utf8.index(start, offsetBy: part.count)])))
        }
        return parts.joined(separator: "\n\n")
    }
}
