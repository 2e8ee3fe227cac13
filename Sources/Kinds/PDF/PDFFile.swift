import CPoppler
import DocumentKit
import Glibc
import Localization

/// A PDF opened from a descriptor Glide holds, so a file replaced or truncated on disk does not
/// pull pages out from under a render: every poppler document of it (one per thread that uses
/// it) reads a duplicate of that descriptor.
///
/// poppler opens the loop thread's document on a thread of its own (`PDFOpening`): the first
/// frame does not wait for a long file's cross-reference table.
public final class PDFFile: @unchecked Sendable {
    /// The file's name, for errors and the title.
    public let path: String
    /// The descriptor every poppler document of this file duplicates (and every page renderer
    /// reads, as its standard input); closed on deinit.
    let descriptor: Int32
    /// The loop thread's document (page sizes; render workers open their own).
    let opening: PDFOpening

    /// Opens `path` and waits for poppler to open it: a file poppler refuses throws here.
    public convenience init(path: String) throws(DocumentError) {
        try self.init(path: path, waitsForPoppler: true)
    }

    /// Opens `path` and starts poppler opening it in the background. Waits for poppler only
    /// when the file's first and last bytes say it is likely to refuse it (`PDFOpeningHint`),
    /// so the usual refusals (encrypted, truncated, corrupt) are errors before any window;
    /// a refusal the bytes did not foretell arrives later, through `opening`.
    public convenience init(openingInBackground path: String) throws(DocumentError) {
        try self.init(path: path, waitsForPoppler: false)
    }

    private init(path: String, waitsForPoppler: Bool) throws(DocumentError) {
        self.path = path
        // Non-blocking, so a FIFO nobody writes to does not hang the open.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw DocumentError(path: path, errno: errno) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw DocumentError.unreadablePDF(path: path, reason: localized("not a regular file"))
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        descriptor = fd
        // The opening thread reads its own duplicate: this one may be closed before it ends.
        let duplicate = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else {
            let code = errno
            close(fd)
            throw DocumentError(path: path, errno: code)
        }
        opening = PDFOpening { () throws(DocumentError) -> PDFOpening.Opened in
            defer { close(duplicate) }
            return try PDFFile.openForLoop(fd: duplicate, path: path)
        }
        if waitsForPoppler || PDFOpeningHint.mayBeRefused(fd: fd, size: Int(status.st_size)),
           case .failure(let error) = opening.wait() {
            throw error
        }
    }

    deinit {
        close(descriptor)
    }

    /// The number of pages once poppler has opened the file; nil until then or if it could not.
    public var pageCount: Int? { try? opening.outcome?.get().pageCount }

    /// Waits for poppler's verdict on the file (for tools and tests; the loop thread never
    /// waits, it takes the outcome from `opening`).
    public func waitUntilOpened() throws(DocumentError) {
        if case .failure(let error) = opening.wait() { throw error }
    }

    /// Opens the loop thread's document and reads what the first frame of a layout needs.
    private static func openForLoop(fd: Int32, path: String) throws(DocumentError) -> PDFOpening.Opened {
        let document = try openDocument(fd: fd, path: path)
        let count = document.pageCount
        guard count > 0 else {
            throw DocumentError.unreadablePDF(path: path, reason: localized("it has no pages (truncated or damaged)"))
        }
        return PDFOpening.Opened(document: document, pageCount: count, firstPageSize: document.pageSize(0))
    }

    /// A poppler document of this file for one thread: poppler's documents must not be used
    /// from two threads at once.
    func makeDocument() throws(DocumentError) -> PopplerDocumentHandle {
        try PDFFile.openDocument(fd: descriptor, path: path)
    }

    private static func openDocument(fd: Int32, path: String) throws(DocumentError) -> PopplerDocumentHandle {
        // poppler takes the descriptor it is given and closes it with the document; each
        // document reads from its own offset, so give each its own duplicate.
        PopplerWarmUp.keepGlobalStateLoaded()
        let duplicate = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else { throw DocumentError(path: path, errno: errno) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_fd(duplicate, nil, &error) else {
            defer { if let error { g_error_free(error) } }
            throw DocumentError.unreadablePDF(path: path, reason: reason(for: error))
        }
        return PopplerDocumentHandle(document)
    }

    /// Why poppler could not open a document, in words a reader can act on.
    private static func reason(for error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return localized("poppler gave no reason") }
        if error.pointee.domain == poppler_error_quark(), error.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
            return localized("it is encrypted and needs a password (Glide does not open password-protected PDFs)")
        }
        if error.pointee.domain == poppler_error_quark(), error.pointee.code == Int32(POPPLER_ERROR_DAMAGED.rawValue) {
            return localized("it is damaged")
        }
        let message = String(cString: error.pointee.message)
        // poppler's wording for a file it cannot parse at all.
        if message.contains("PDF document is damaged") || message.contains("Failed to load document") {
            return localized("it is damaged or truncated (%s)", message)
        }
        return message
    }

    /// Whether `bytes` start like a PDF: `%PDF-` within the first 1024 bytes, where readers
    /// (poppler, Acrobat) accept the header after leading junk.
    public static func looksLikePDF(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let signature = Array("%PDF-".utf8)
        let limit = min(bytes.count, 1024) - signature.count
        guard limit >= 0 else { return false }
        for start in 0...limit where bytes[start] == signature[0] {
            if (0..<signature.count).allSatisfy({ bytes[start + $0] == signature[$0] }) { return true }
        }
        return false
    }

    /// Whether the file at `path` starts like a PDF (reads at most 1 KB).
    public static func looksLikePDF(atPath path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 1024) }
        guard count > 0 else { return false }
        return buffer.withUnsafeBytes { looksLikePDF(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
}

/// One poppler document, unreferenced on deinit. Used by one thread at a time.
final class PopplerDocumentHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        // A worker's document may be let go as the process exits (see PopplerBackgroundWork).
        let pointer = UnsafeMutableRawPointer(self.pointer)
        _ = PopplerBackgroundWork.perform { g_object_unref(pointer) }
    }

    /// The number of pages poppler found.
    var pageCount: Int { Int(poppler_document_get_n_pages(pointer)) }

    /// Page `index`'s size in PDF points (1/72 in), or nil when poppler has no such page or cannot
    /// read it.
    func pageSize(_ index: Int) -> (width: Double, height: Double)? {
        guard let (width, height) = withPage(index, { page in
            var width = 0.0, height = 0.0
            poppler_page_get_size(page, &width, &height)
            return (width, height)
        }), width.isFinite, height.isFinite, width >= 1, height >= 1 else { return nil }
        return (width, height)
    }
}
