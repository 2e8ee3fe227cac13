import CArchive
import Glibc
import Localization

/// One zip entry inflated by libarchive's streaming zip reader, which is handed the file from
/// the entry's local header on: the read costs the same for the first entry as for the
/// 100,000th, and nothing of it is written anywhere but the returned bytes. Each read has a
/// libarchive handle of its own, so reads on several threads share nothing but the
/// descriptor, which `pread` leaves where it is.
enum ArchiveEntryStream {
    /// What libarchive is handed per callback, and what each `archive_read_data` inflates
    /// into before it is copied out: 64 KB, libarchive's own default block (10 KB) rounded up
    /// to a size that keeps the system calls per MB of a large image few.
    static let blockBytes = 64 << 10

    /// Up to `maximumBytes` of the entry's bytes. Past that, throws `entryTooLarge` (a zip
    /// bomb costs at most `maximumBytes` of memory and the time to inflate that much), or,
    /// when `truncates`, returns the first `maximumBytes`.
    static func bytes(of entry: ZipDirectoryEntry, named name: String, descriptor: Int32, fileEnd: Int,
                      maximumBytes: Int, truncates: Bool) throws(EPUBError) -> [UInt8] {
        guard !entry.isEncrypted else { throw .passwordProtected(name: name) }
        guard truncates || entry.uncompressedSize <= maximumBytes else {
            throw .entryTooLarge(name: name, maximumBytes: maximumBytes)
        }
        let source = ArchiveFileSource(descriptor: descriptor, start: entry.localHeaderOffset, end: fileEnd)
        guard let archive = archive_read_new() else { throw .system(code: ENOMEM) }
        defer { archive_read_free(archive) }
        archive_read_support_format_zip_streamable(archive)
        let opened = archive_read_open(archive, Unmanaged.passUnretained(source).toOpaque(), nil,
                                       readBlock, nil)
        var header: OpaquePointer?
        // ARCHIVE_WARN on a header is a name libarchive could not convert to the locale's
        // character set; the name is not used.
        guard opened == ARCHIVE_OK, archive_read_next_header(archive, &header) >= ARCHIVE_WARN else {
            throw damaged(archive, name: name, source: source)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(entry.uncompressedSize, maximumBytes, 16 << 20))
        var block = [UInt8](repeating: 0, count: blockBytes)
        while true {
            let count = block.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, blockBytes) }
            if count == 0 { break }
            guard count > 0 else { throw damaged(archive, name: name, source: source) }
            if bytes.count + count > maximumBytes {
                guard truncates else { throw .entryTooLarge(name: name, maximumBytes: maximumBytes) }
                bytes.append(contentsOf: block.prefix(maximumBytes - bytes.count))
                break
            }
            bytes.append(contentsOf: block.prefix(count))
        }
        return bytes
    }

    private static func damaged(_ archive: OpaquePointer, name: String, source: ArchiveFileSource) -> EPUBError {
        if source.failure != 0 { return .system(code: source.failure) }
        let message = archive_error_string(archive).map { String(cString: $0) } ?? localized("libarchive gave no reason")
        return .damaged(detail: localized("'%1$s' cannot be read (%2$s)", name, message))
    }
}

/// The bytes of the file from one entry's local header on, handed to libarchive a block at a
/// time. Not only to the central directory: after an entry with a data descriptor libarchive
/// looks for the next header's signature, the directory's for the last entry.
private final class ArchiveFileSource {
    let descriptor: Int32
    var position: Int
    let end: Int
    let block = UnsafeMutableRawPointer.allocate(byteCount: ArchiveEntryStream.blockBytes, alignment: 16)
    /// The `errno` of a read that failed, for the error.
    var failure: Int32 = 0

    init(descriptor: Int32, start: Int, end: Int) {
        self.descriptor = descriptor
        position = start
        self.end = end
    }

    deinit { block.deallocate() }
}

/// libarchive's read callback: the next block of the `ArchiveFileSource` in `context`.
private func readBlock(_ archive: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                       _ buffer: UnsafeMutablePointer<UnsafeRawPointer?>?) -> la_ssize_t {
    let source = Unmanaged<ArchiveFileSource>.fromOpaque(context!).takeUnretainedValue()
    let length = min(ArchiveEntryStream.blockBytes, source.end - source.position)
    guard length > 0 else { return 0 }
    var got: Int
    repeat {
        got = pread(source.descriptor, source.block, length, off_t(source.position))
    } while got < 0 && errno == EINTR
    guard got >= 0 else {
        source.failure = errno
        return -1
    }
    source.position += got
    buffer?.pointee = UnsafeRawPointer(source.block)
    return got
}
