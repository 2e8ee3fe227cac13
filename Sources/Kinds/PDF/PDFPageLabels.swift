import CPoppler
import DocumentKit
import PageKit

extension PopplerDocumentHandle {
    /// The most pages whose labels are read: a bound for a hostile page count, far above any
    /// book's (the pages past it are named by their numbers).
    static let maximumLabelledPageCount = 100_000

    /// Each page's label (`poppler_page_get_label`), none where it only repeats the page's
    /// number (poppler's answer for a PDF without `/PageLabels`). Costs a pass over the pages:
    /// the outline's worker reads them, never the frame loop.
    func pageLabels(pageCount: Int) -> [String?] {
        let labels = (0..<min(pageCount, PopplerDocumentHandle.maximumLabelledPageCount)).map { index -> String? in
            withPage(index) { page -> String? in
                guard let label = poppler_page_get_label(page) else { return nil }
                defer { g_free(label) }
                return String(cString: label)
            } ?? nil
        }
        return PageLabelList.meaningful(labels)
    }
}
