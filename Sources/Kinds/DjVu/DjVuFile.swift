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
/// file access, from the index's folder; its renderer processes keep those files open from
/// before their lock-down (`DjVuRenderBackend`).
public final class DjVuFile: @unchecked Sendable {
    /// The file's name, for errors and the title.
    public let path: String
    public let pageCount: Int
    let firstPageSize: DjVuPageSize
    /// The file, open for the renderer processes, which get it as their standard input.
    let descriptor: Int32

    /// Opens `path`: waits for DjVuLibre's verdict on its directory and first page.
    public init(path: String) throws(DocumentError) {
        self.path = path
        // Non-blocking, so a FIFO nobody writes to does not hang the check.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw DocumentError(path: path, errno: errno) }
        var status = stat()
        let isRegular = fstat(fd, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        guard isRegular else {
            close(fd)
            throw .cannotOpen(path: path, reason: localized("not a regular file"))
        }
        let handle: DjVuHandle
        do {
            handle = try DjVuHandle(path: path)
        } catch {
            close(fd)
            throw error
        }
        guard let first = handle.pageSize(0) else {
            close(fd)
            throw .cannotOpen(path: path, reason: localized("its first page cannot be read (%s)",
                                                            handle.lastError ?? localized("damaged or truncated")))
        }
        pageCount = handle.pageCount
        firstPageSize = first
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    /// The path a renderer process opens the document by (its `open` serves it from the
    /// descriptor it was given): absolute, so an indirect document's page files are found
    /// beside it whatever the renderer's working directory.
    var rendererPath: String { FilePath.absolute(path) }

    /// A handle of this document for one thread.
    func makeHandle() throws(DocumentError) -> DjVuHandle {
        try DjVuHandle(path: path)
    }
}
