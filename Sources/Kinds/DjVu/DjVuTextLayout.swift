import DocumentKit
import Machinery
import PageKit

/// A DjVu document's hidden text laid over its pages for the reading tools, as a PDF's
/// (`PageTextLayout`), read by a `DjVuHandle` of its own.
public typealias DjVuTextLayout = PageTextLayout

/// Reads page texts one at a time on a queue of one thread, with a handle opened there and
/// used by nothing else.
final class DjVuTextReader: PageTextReader, @unchecked Sendable {
    private let queue = WorkQueue(name: "glide-djvu-text", isBackground: true)
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
