import Glibc

/// Where a TIFF file's directories (its pages) start, found by walking the chain of image file
/// directories from the header (TIFF 6.0 §2; BigTIFF's 8-byte offsets too) with `pread`,
/// never decoding an image: the pages are decoded in the decoder processes, one directory
/// each (`TIFFPages`). The walk is bounded: at most `maximumPageCount` directories, each
/// inside the file, none visited twice (a chain that loops ends there).
public struct TIFFDirectories: Sendable, Equatable {
    /// Each directory's offset in the file, in page order.
    public let offsets: [UInt64]
    let isLittleEndian: Bool
    /// BigTIFF (version 43): 8-byte offsets and counts.
    let isBig: Bool

    /// The most pages read of one file: a scanned book of 10,000 pages is more than any real one.
    public static let maximumPageCount = 10_000

    /// The directories of the TIFF at `path`; nil when it is not a TIFF or its first
    /// directory is not in it.
    public init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = UInt64(status.st_size)
        let header = TIFFDirectories.read(fd, at: 0, count: 16)
        guard header.count >= 8 else { return nil }
        switch (header[0], header[1]) {
        case (0x49, 0x49): isLittleEndian = true
        case (0x4D, 0x4D): isLittleEndian = false
        default: return nil
        }
        let version = TIFFDirectories.integer(header, at: 2, bytes: 2, littleEndian: isLittleEndian)
        guard version == 42 || (version == 43 && header.count >= 16) else { return nil }
        isBig = version == 43
        var offsets: [UInt64] = []
        var seen: Set<UInt64> = []
        var next = isBig ? TIFFDirectories.integer(header, at: 8, bytes: 8, littleEndian: isLittleEndian)
            : TIFFDirectories.integer(header, at: 4, bytes: 4, littleEndian: isLittleEndian)
        let countBytes = isBig ? 8 : 2, entryBytes: UInt64 = isBig ? 20 : 12, offsetBytes = isBig ? 8 : 4
        while next != 0, next < size, offsets.count < TIFFDirectories.maximumPageCount, seen.insert(next).inserted {
            let countField = TIFFDirectories.read(fd, at: next, count: countBytes)
            guard countField.count == countBytes else { break }
            let entries = TIFFDirectories.integer(countField, at: 0, bytes: countBytes, littleEndian: isLittleEndian)
            guard entries > 0, entries < 1 << 20 else { break }
            offsets.append(next)
            let pointer = next + UInt64(countBytes) + entries * entryBytes
            let nextField = TIFFDirectories.read(fd, at: pointer, count: offsetBytes)
            guard nextField.count == offsetBytes else { break }
            next = TIFFDirectories.integer(nextField, at: 0, bytes: offsetBytes, littleEndian: isLittleEndian)
        }
        guard !offsets.isEmpty else { return nil }
        self.offsets = offsets
    }

    /// `file`'s bytes with the header's first-directory offset made `offsets[page]`: a TIFF
    /// whose first page is that directory, every other offset in it unchanged, for a decoder
    /// that shows a TIFF's first page (gdk-pixbuf's loader).
    func bytes(ofPage page: Int, in file: [UInt8]) -> [UInt8]? {
        guard offsets.indices.contains(page), file.count >= (isBig ? 16 : 8) else { return nil }
        var bytes = file
        let offset = offsets[page], width = isBig ? 8 : 4, start = isBig ? 8 : 4
        for index in 0..<width {
            let shift = UInt64(8 * (isLittleEndian ? index : width - 1 - index))
            bytes[start + index] = UInt8(truncatingIfNeeded: offset >> shift)
        }
        return bytes
    }

    private static func read(_ fd: Int32, at offset: UInt64, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
        return got > 0 ? Array(bytes[0..<got]) : []
    }

    private static func integer(_ bytes: [UInt8], at start: Int, bytes count: Int, littleEndian: Bool) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<count {
            let byte = UInt64(bytes[start + (littleEndian ? count - 1 - index : index)])
            value = value << 8 | byte
        }
        return value
    }
}
