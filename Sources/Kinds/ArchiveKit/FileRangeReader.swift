import Glibc

/// Reads ranges of an open file with `pread`, through one buffer that is refilled a chunk at a
/// time, so walking many small records costs a few system calls, not one per record. Never
/// maps the file (a mapping of a file truncated on disk raises SIGBUS; see `SourceBytes`).
struct FileRangeReader {
    let descriptor: Int32
    /// The bytes the reader may read: `0..<end`.
    let end: Int
    private var buffer: [UInt8] = []
    private var bufferOffset = 0

    /// A chunk of 256 KB holds the records of thousands of entries, and costs nothing to keep
    /// for the short walk of a directory.
    private static let chunkBytes = 256 << 10

    init(descriptor: Int32, end: Int) {
        self.descriptor = descriptor
        self.end = end
    }

    /// The `count` bytes at `offset`, or nil when they lie past `end` or the file ends sooner
    /// (it shrank) or cannot be read.
    mutating func bytes(at offset: Int, count: Int) -> ArraySlice<UInt8>? {
        guard offset >= 0, count >= 0, offset <= end - count else { return nil }
        if offset < bufferOffset || offset + count > bufferOffset + buffer.count {
            guard fill(from: offset, atLeast: count) else { return nil }
        }
        let start = offset - bufferOffset
        return buffer[start..<start + count]
    }

    private mutating func fill(from offset: Int, atLeast count: Int) -> Bool {
        let length = min(max(count, FileRangeReader.chunkBytes), end - offset)
        var chunk = [UInt8](repeating: 0, count: length)
        var filled = 0
        while filled < length {
            let got = chunk.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + filled, length - filled, off_t(offset + filled))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        guard filled >= count else { return false }
        chunk.removeLast(length - filled)
        buffer = chunk
        bufferOffset = offset
        return true
    }
}

extension ArraySlice<UInt8> {
    /// The little-endian integer of `width` bytes at `offset` from the slice's start.
    func littleEndian(at offset: Int, width: Int) -> Int {
        var value = 0
        for index in (0..<width).reversed() {
            value = value << 8 | Int(self[startIndex + offset + index])
        }
        return value
    }
}
