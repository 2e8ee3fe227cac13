import DocumentKit
import Machinery
import PageKit

/// A DjVu document's hidden text laid over its pages for the reading tools, as a PDF's
/// (`PageTextLayout`), read by a `DjVuHandle` of its own.
public typealias DjVuTextLayout = PageTextLayout

extension PageTextLayout {
    public convenience init(djvu: DjVuLayout) {
        self.init(pages: djvu, reader: DjVuTextReader(file: djvu.file))
    }
}

/// What a DjVu document's text asks of its pages.
extension DjVuLayout: PageTextPages {
    /// An internal link's page as DjVu names it (`#12`).
    public func linkAddress(ofPage page: Int) -> String { "#\(page + 1)" }

    /// Sizes arrive from the render worker: none is read here.
    @discardableResult
    public func measure(_ index: Int) -> Bool { false }

    /// Searched with a handle of the search's own worker.
    public func textSearch(for query: String) -> DocumentSearch {
        let file = file
        return DocumentSearch(query: query) { DjVuSearchSource(file: file) }
    }

    /// Made with a handle of the paste's own worker.
    public func copiedText(in range: TextRange) -> @Sendable () -> String {
        let file = file
        return { file.text(in: range) }
    }
}

/// Reads page texts one at a time on a queue of one thread, with a handle opened there and
/// used by nothing else.
final class DjVuTextReader: PageTextReader, @unchecked Sendable {
    private let queue = WorkQueue(name: "glide-djvu-text")
    private let file: DjVuFile
    /// Touched only on `queue`.
    private var handle: DjVuHandle?
    private var isOpened = false

    init(file: DjVuFile) {
        self.file = file
    }

    /// Lets the queue end its job before the handle goes.
    deinit {
        queue.stop()
    }

    func read(page: Int, deliver: @escaping @Sendable (PageText?) -> Void) {
        queue.submit { [self] _ in
            if !isOpened {
                isOpened = true
                handle = try? file.makeHandle()
            }
            deliver(handle?.readText(page: page))
        }
    }
}
