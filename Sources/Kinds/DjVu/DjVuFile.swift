import DocumentKit
import Glibc
import Localization
import Machinery

/// A DjVu document as Glide opened it: its pages counted and the first measured before any
/// window (so a file DjVuLibre refuses is a one-line error), the other pages' sizes read on a
/// queue of their own afterwards (`sizes`). Every thread that reads the document opens its own
/// `DjVuHandle` of it.
///
/// An indirect document (an index file naming page files beside it) is read by DjVuLibre's own
/// file access, from the index's folder.
public final class DjVuFile: @unchecked Sendable {
    /// The file's name, for errors and the title.
    public let path: String
    public let pageCount: Int
    let firstPageSize: DjVuPageSize
    /// Each page's identifier (its file's name in the document) and title, in page order.
    let pageNames: [(id: String?, title: String?)]
    /// Every page's size, read one after another on `queue` (nil for a page whose header
    /// DjVuLibre cannot read).
    let sizes: WorkQueue.Promise<[DjVuPageSize?]>
    private let queue = WorkQueue(name: "glide-djvu-open")

    /// Opens `path`: waits for DjVuLibre's verdict on its directory and first page.
    public init(path: String) throws(DocumentError) {
        self.path = path
        // Non-blocking, so a FIFO nobody writes to does not hang the check.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw DocumentError(path: path, errno: errno) }
        var status = stat()
        let isRegular = fstat(fd, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        close(fd)
        guard isRegular else { throw .cannotOpen(path: path, reason: localized("not a regular file")) }
        let handle = try DjVuHandle(path: path)
        guard let first = handle.pageSize(0) else {
            throw .cannotOpen(path: path, reason: localized("its first page cannot be read (%s)",
                                                            handle.lastError ?? localized("damaged or truncated")))
        }
        pageCount = handle.pageCount
        firstPageSize = first
        pageNames = handle.pageNames()
        sizes = queue.promise(priority: .visible) { [handle] in
            // The open's handle reads them, and is let go on this queue afterwards.
             [first] + (1..<max(handle.pageCount, 1)).map { handle.pageSize($0) }
        }
    }

    /// Waits for the page sizes' queue, so DjVuLibre is not decoding when the process's static
    /// state is torn down.
    deinit {
        queue.stop()
    }

    /// A handle of this document for one thread.
    func makeHandle() throws(DocumentError) -> DjVuHandle {
        try DjVuHandle(path: path)
    }

    /// The page whose identifier or title is `name` (a link's `#name`), or nil.
    func page(named name: String) -> Int? {
        pageNames.firstIndex { $0.id == name || $0.title == name }
    }

    /// The page a DjVu link's address leads to inside the document (`#12` is page 12, `#name`
    /// the page of that identifier or title), or nil when it leads elsewhere.
    func page(ofLink address: String) -> Int? {
        guard address.hasPrefix("#") else { return nil }
        let name = String(address.dropFirst())
        if let number = Int(name), number >= 1, number <= pageCount { return number - 1 }
        return page(named: name)
    }

    /// Each page's title from the document's directory, where it has one other than its
    /// file's identifier: the printed page numbers a later page control may show.
    public var pageTitles: [String?] {
        pageNames.map { name in name.title.flatMap { $0.isEmpty || $0 == name.id ? nil : $0 } }
    }
}
