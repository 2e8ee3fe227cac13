import DocumentKit
import Glibc
import Localization
import Machinery

/// A DjVu document as Glide opened it: its pages counted and the first measured before any
/// window (so a file DjVuLibre refuses is a one-line error); a layout's render worker reads the
/// other pages' sizes afterwards. Every thread that reads the document opens its own
/// `DjVuHandle` of it.
///
/// An indirect document (an index file naming page files beside it) is read by DjVuLibre's own
/// file access, from the index's folder.
public final class DjVuFile: @unchecked Sendable {
    /// The file's name, for errors and the title.
    public let path: String
    public let pageCount: Int
    let firstPageSize: DjVuPageSize

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
    }

    /// A handle of this document for one thread.
    func makeHandle() throws(DocumentError) -> DjVuHandle {
        try DjVuHandle(path: path)
    }
}
