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
                      maximumBytes: Int, truncates: Bool) throws(ArchiveError) -> [UInt8] {
        guard !entry.isEncrypted else { throw .passwordProtected(name: name) }
        guard truncates || entry.uncompressedSize <= maximumBytes else {
            throw .entryTooLarge(name: name, maximumBytes: maximumBytes)
        }
        let source = ArchiveFileSource(descriptor: descriptor, start: entry.localHeaderOffset, end: fileEnd)
        guard let archive = archive_read_new() else { throw .system(code: ENOMEM) }
        defer { archive_read_free(archive) }
        archive_read_support_format_zip_streamable(archive)
        let opened = source.open(archive)
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

    private static func damaged(_ archive: OpaquePointer, name: String, source: ArchiveFileSource) -> ArchiveError {
        if source.failure != 0 { return .system(code: source.failure) }
        let message = archive_error_string(archive).map { String(cString: $0) } ?? localized("libarchive gave no reason")
        return .damaged(detail: localized("'%1$s' cannot be read (%2$s)", name, message))
    }
}
