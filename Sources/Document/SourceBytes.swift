import Glibc

/// A file's bytes, mapped rather than read: opening a 100 MB file costs no more than a small
/// one, and the pages are the page cache's (file-backed), not the process's anonymous memory.
final class SourceBytes {
    /// The first byte; nil when there are none.
    let base: UnsafeRawPointer?
    let count: Int
    private let isMapped: Bool

    /// Maps the regular file at `path`; reads what cannot be mapped (pipes, `/proc` files
    /// that report size 0).
    init(path: String) throws(DocumentError) {
        // Non-blocking, so that a FIFO nobody writes to does not hang the open; reads are made
        // blocking again below, so a pipe with a writer is read to its end.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw DocumentError(path: path, errno: errno) }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw DocumentError(path: path, errno: errno) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw DocumentError(path: path, errno: EISDIR) }
        let size = Int(status.st_size)
        if status.st_mode & S_IFMT == S_IFREG, size > 0,
           let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED {
            base = UnsafeRawPointer(mapped)
            count = size
            isMapped = true
            return
        }
        let bytes = try SourceBytes.readAll(fd, path: path)
        (base, count, isMapped) = (SourceBytes.copy(bytes), bytes.count, false)
    }

    /// Bytes already in memory.
    init(_ bytes: [UInt8]) {
        (base, count, isMapped) = (SourceBytes.copy(bytes), bytes.count, false)
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: base), count)
        } else {
            free(UnsafeMutableRawPointer(mutating: base))
        }
    }

    /// The byte at `offset`.
    subscript(offset: Int) -> UInt8 { base!.load(fromByteOffset: offset, as: UInt8.self) }

    /// The bytes in `range`.
    func buffer(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        guard let base, !range.isEmpty else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// The bytes in `range` as text: invalid UTF-8 and NUL become U+FFFD (pango takes NUL as
    /// the end of the text).
    func text(_ range: Range<Int>) -> String {
        let bytes = buffer(range)
        guard bytes.contains(0) else { return String(decoding: bytes, as: UTF8.self) }
        var cleaned: [UInt8] = []
        cleaned.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte == 0 { cleaned.append(contentsOf: [0xEF, 0xBF, 0xBD]) } else { cleaned.append(byte) }
        }
        return String(decoding: cleaned, as: UTF8.self)
    }

    private static func copy(_ bytes: [UInt8]) -> UnsafeRawPointer? {
        guard !bytes.isEmpty, let memory = malloc(bytes.count) else { return nil }
        bytes.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        return UnsafeRawPointer(memory)
    }

    /// The most read from a file that cannot be mapped (a pipe, a device): `/dev/zero` must
    /// not fill the memory. As much as a mapped document of the benchmarks' largest size.
    static let maximumReadBytes = 256 << 20

    private static func readAll(_ fd: Int32, path: String) throws(DocumentError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if bytes.count > maximumReadBytes {
                throw DocumentError.cannotOpen(path: path, reason: "more than \(maximumReadBytes >> 20) MB to read")
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw DocumentError(path: path, errno: errno)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
