import DocumentKit
import Machinery

extension DocumentSearch {
    /// Starts searching `document`'s shown text for `query` (ignoring case and diacritics);
    /// results are posted to `mailbox`.
    public convenience init(document: TextDocument, query: String, mailbox: MainThreadMailbox = .shared) {
        self.init(query: query, mailbox: mailbox) { document }
    }
}

extension TextDocument: SearchSource {
    public var joinsWordsHyphenatedAtLineEnds: Bool { false }

    public func forEachBlockText(inSection section: Int, _ body: (Int, String) -> Void) {
        for (index, block) in blocks(inSection: section).enumerated() { body(index, block.text) }
    }
}
