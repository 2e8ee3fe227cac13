import Glibc
import Localization

/// A file's bytes, read on demand into memory Glide owns: a regular file stays open and each
/// range is read with `pread` when it is needed, so opening a 100 MB file costs no more than a
/// small one and only the sections near the viewport are ever in memory.
///
/// Reading never maps the file: a mapping of a file that shrinks while shown (a log emptied by
/// `copytruncate`, `truncate -s`) raises SIGBUS on the next touch of the lost pages. A read
/// that comes back short instead marks the bytes as changed (`hasShrunk`), and the caller
/// gets the bytes that were there; the watcher reloads the file. A text small enough is
/// copied whole instead (`privateCopy`), so nothing done to the file changes it.
public final class SourceBytes: @unchecked Sendable {
    /// The size in bytes when opened (or of the bytes given).
    public let count: Int
    /// The open file, read with `pread`; -1 for bytes held in `memory`.
    private let fileDescriptor: Int32
    private let memory: [UInt8]
    /// Set (never cleared) when a read found fewer bytes than `count` promised.
    public private(set) var hasShrunk = false

    /// Opens the file at `path`: a regular file is read as needed; what has no stable size
    /// (pipes, `/proc` files that report size 0, devices) is read whole now, up to
    /// `maximumReadBytes`. A read waiting for a FIFO's writer ends, refused, once
    /// `isCancelled` says the document is no longer wanted (a link given up).
    public init(path: String, isCancelled: @escaping () -> Bool = { false }) throws(DocumentError) {
        // Non-blocking, so that a FIFO nobody writes to does not hang the open; a read that
        // finds nothing yet waits in `poll` (see `read(_:into:length:path:isCancelled:)`), so
        // a pipe with a writer is read to its end.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw DocumentError(path: path, errno: errno) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw DocumentError(path: path, errno: code)
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            close(fd)
            throw DocumentError(path: path, errno: EISDIR)
        }
        if status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 {
            // Blocking again for `pread`: a file system that honoured O_NONBLOCK (some FUSE
            // ones) would make a read come back short and the file look shrunk.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            (count, fileDescriptor, memory) = (Int(status.st_size), fd, [])
            return
        }
        defer { close(fd) }
        memory = try SourceBytes.readAll(fd, path: path, isCancelled: isCancelled)
        (count, fileDescriptor) = (memory.count, -1)
    }

    /// Bytes already in memory.
    public init(_ bytes: [UInt8]) {
        (count, fileDescriptor, memory) = (bytes.count, -1, bytes)
    }

    deinit {
        if fileDescriptor >= 0 { close(fileDescriptor) }
    }

    /// The bytes in `range` (clamped to `count`); fewer when the file has shrunk since it was
    /// opened.
    public func bytes(_ range: Range<Int>) -> [UInt8] {
        let range = range.clamped(to: 0..<count)
        guard !range.isEmpty else { return [] }
        guard fileDescriptor >= 0 else { return Array(memory[range]) }
        var result = [UInt8](repeating: 0, count: range.count)
        var filled = 0
        result.withUnsafeMutableBytes { buffer in
            while filled < range.count {
                let got = pread(fileDescriptor, buffer.baseAddress! + filled, range.count - filled,
                                off_t(range.lowerBound + filled))
                if got < 0, errno == EINTR { continue }
                if got <= 0 { break }
                filled += got
            }
        }
        if filled < range.count {
            hasShrunk = true
            result.removeSubrange(filled...)
        }
        return result
    }

    /// These bytes in memory of Glide's own, read now, when there are at most `maximumBytes`
    /// of them; `self` when there are more. A file rewritten in place (the same inode, new
    /// bytes written over the old) changes what a later read of it returns, so what was shown
    /// could no longer be shown as it was: a copy keeps it.
    public func privateCopy(maximumBytes: Int) -> SourceBytes {
        guard fileDescriptor >= 0, count <= maximumBytes else { return self }
        let copy = SourceBytes(bytes(0..<count))
        copy.hasShrunk = hasShrunk
        return copy
    }

    /// The bytes in `range` as text (see `Text.decoded`).
    public func text(_ range: Range<Int>) -> String {
        TextSanitizer.decoded(bytes(range))
    }

    /// The first bytes of the file, for recognising its format.
    public func head(_ length: Int = 4096) -> [UInt8] {
        bytes(0..<min(length, count))
    }

    /// The most read from a file that has no size (a pipe, a device): `/dev/zero` must not
    /// fill the memory. As much as a document of the benchmarks' largest size.
    static let maximumReadBytes = 256 << 20

    /// How much one `read` asks for: a pipe's whole buffer (64 KiB on Linux).
    private static let readChunkBytes = 1 << 16

    /// Reads `fd` to its end into one buffer of `maximumReadBytes` reserved up front and
    /// filled in place: memory the kernel gives only as it is written, so a small pipe costs
    /// what it holds, and an endless one is refused holding no more than the limit. (An array
    /// grown by appending doubles by copying: a stream whose first read gave 60,000 bytes
    /// held the 246 MB it had read twice while growing, and peaked at 531,288 KB resident:
    /// EndlessStandardInputTests.)
    private static func readAll(_ fd: Int32, path: String, isCancelled: () -> Bool) throws(DocumentError) -> [UInt8] {
        var failure: DocumentError?
        let bytes = [UInt8](unsafeUninitializedCapacity: maximumReadBytes) { buffer, count in
            count = 0
            while count < buffer.count {
                switch read(fd, into: buffer.baseAddress! + count, length: min(readChunkBytes, buffer.count - count),
                            path: path, isCancelled: isCancelled) {
                case .success(0): return
                case .success(let got): count += got
                case .failure(let error):
                    failure = error
                    return
                }
            }
            // Full: one byte more is too much.
            var probe: UInt8 = 0
            switch read(fd, into: &probe, length: 1, path: path, isCancelled: isCancelled) {
            case .success(0): break
            case .success: failure = .cannotOpen(path: path, reason: localized("more than %s MB to read",
                                                                                LocalizedNumber.string(maximumReadBytes >> 20)))
            case .failure(let error): failure = error
            }
        }
        if let failure { throw failure }
        // Most of the reservation unused (a /proc file, a short pipe): the bytes move to a buffer
        // of their size, which at under half the limit never holds more than the limit in all.
        guard bytes.count < maximumReadBytes / 2 else { return bytes }
        var fitted: [UInt8] = []
        fitted.reserveCapacity(bytes.count)
        fitted.append(contentsOf: bytes)
        return fitted
    }

    /// How long a read waits for a writer before it looks again whether it was given up, in
    /// ms: a link given up frees its worker within this, a tenth of a second, which no reader
    /// notices; a writer's bytes wake it at once.
    static let cancellationCheckMilliseconds: Int32 = 100

    /// Reads up to `length` bytes of the non-blocking `fd`, waiting for a writer while
    /// `isCancelled` says the bytes are still wanted: how many came (0 at the end: a FIFO
    /// with no writer left, or none ever), or why none will.
    private static func read(_ fd: Int32, into destination: UnsafeMutableRawPointer, length: Int, path: String,
                             isCancelled: () -> Bool) -> Result<Int, DocumentError> {
        while true {
            if isCancelled() { return .failure(DocumentError(path: path, errno: ECANCELED)) }
            let got = Glibc.read(fd, destination, length)
            if got >= 0 { return .success(got) }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&descriptor, 1, cancellationCheckMilliseconds) < 0, errno != EINTR {
                    return .failure(DocumentError(path: path, errno: errno))
                }
            case let code:
                return .failure(DocumentError(path: path, errno: code))
            }
        }
    }
}
