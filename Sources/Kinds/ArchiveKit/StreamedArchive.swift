import CArchive
import DocumentKit
import Glibc
import Localization
import Synchronization

/// An archive libarchive reads front to back (RAR 4 and 5, 7z, tar): it has no directory to
/// jump to an entry from, so its entries are listed once, headers only (libarchive skips
/// each entry's data: a seek in a tar, a RAR or a 7z, whose headers sit together at its
/// end), and an entry's bytes are reached by reading the archive up to it. Nothing is
/// unpacked to disk, and the file stays open, as `ZipArchive`'s does.
///
/// The reader left after an entry is kept, so the entry asked for next, when it lies further
/// on (a page read forward, the most common case), continues from there; an earlier one starts
/// again from the front. In a solid archive (a 7z's default, a RAR made with `-s`) reaching
/// an entry unpacks every entry of its block before it; in a tar or a non-solid RAR the way
/// there is seeks. The bytes of the last entries read are kept (`cacheCapacityBytes`), so an
/// image decoded again at another size does not read again.
///
/// Reads take turns (one reader, under a lock), from whatever thread asks: callers read on a
/// worker, never on the frame loop.
public final class StreamedArchive: Sendable {
    /// One file of the archive, as its header describes it.
    public struct Entry: Sendable {
        /// The served name (`ArchiveEntryName.served`).
        public let name: String
        /// What the header says the entry unpacks to; nil where the format leaves it unsaid.
        public let size: Int?
        /// Its place among all the archive's headers, folders included: how far a reader goes.
        let headerIndex: Int
        let isEncrypted: Bool
    }

    /// The archive's path, for errors.
    public let path: String
    /// The served entries in the archive's order; of entries with the same name, the first.
    public let entries: [Entry]
    /// Where the entry of each name is in `entries`.
    private let positionByName: [String: Int]
    private let descriptor: Int32
    private let fileSize: Int
    private let reader = Mutex<SequentialReader?>(nil)
    private let cache: Mutex<ByteBoundedCache<Int, [UInt8]>>

    /// The bytes of entries read kept for reading again: 48 MB, the encoded pages a view
    /// decodes at once (the page shown and its two neighbours, each decoded again at the size
    /// it is shown: `ImageStore.decodeAgain`) at up to 16 MB each, a 600 dpi colour scan as a
    /// JPEG.
    public static let cacheCapacityBytes = 48 << 20

    /// Opens the archive at `path` and lists its entries. A file libarchive reads as none of
    /// RAR, 7z and tar throws; an archive cut short throws only when no entry could be listed
    /// (the entries before the cut are served, and the one it cut fails when it is read). More
    /// than `maximumEntryCount` headers throws.
    public init(path: String, maximumEntryCount: Int = ZipArchive.maximumEntryCount) throws(ArchiveError) {
        self.path = path
        let (fd, size) = try ArchiveFile.open(path)
        descriptor = fd
        fileSize = size
        cache = Mutex(ByteBoundedCache(capacityBytes: StreamedArchive.cacheCapacityBytes))
        var listed: [Entry] = []
        var positions: [String: Int] = [:]
        do throws(ArchiveError) {
            let lister = try SequentialReader(descriptor: fd, fileSize: size)
            var headerIndex = 0
            while let header = try lister.nextHeader() {
                guard headerIndex < maximumEntryCount else { throw ArchiveError.tooManyEntries(limit: maximumEntryCount) }
                defer { headerIndex += 1 }
                // AE_IFREG, a macro Swift does not import.
                guard archive_entry_filetype(header) == 0o100000 else { continue }
                let raw = archive_entry_pathname_utf8(header) ?? archive_entry_pathname(header)
                guard let raw, let name = ArchiveEntryName.served(String(cString: raw)), positions[name] == nil else { continue }
                let size = archive_entry_size_is_set(header) != 0 ? Int(archive_entry_size(header)) : nil
                positions[name] = listed.count
                listed.append(Entry(name: name, size: size, headerIndex: headerIndex,
                                    isEncrypted: archive_entry_is_data_encrypted(header) != 0))
            }
        } catch {
            guard case .damaged = error, !listed.isEmpty else {
                close(fd)
                throw error
            }
        }
        entries = listed
        positionByName = positions
    }

    deinit { close(descriptor) }

    /// Whether the archive serves an entry of that name.
    public func contains(_ name: String) -> Bool { positionByName[name] != nil }

    /// The entry's bytes, read up to it from the kept reader or from the front. More than
    /// `maximumBytes` (as its header says, or once the unpacking passes it) throws
    /// `entryTooLarge`, so a bomb costs at most that much memory.
    public func data(ofEntry name: String, maximumBytes: Int) throws(ArchiveError) -> [UInt8] {
        guard let position = positionByName[name] else { throw .missingEntry(name: name) }
        let entry = entries[position]
        guard !entry.isEncrypted else { throw .passwordProtected(name: name) }
        if let size = entry.size, size > maximumBytes { throw .entryTooLarge(name: name, maximumBytes: maximumBytes) }
        if let kept = cache.withLock({ $0.value(for: position) }) {
            guard kept.count <= maximumBytes else { throw .entryTooLarge(name: name, maximumBytes: maximumBytes) }
            return kept
        }
        let bytes = try reader.withLock { (reader: inout SequentialReader?) throws(ArchiveError) -> [UInt8] in
            if reader == nil || reader!.nextHeaderIndex > entry.headerIndex {
                reader = nil
                reader = try SequentialReader(descriptor: descriptor, fileSize: fileSize)
            }
            do throws(ArchiveError) {
                return try reader!.data(ofHeader: entry.headerIndex, named: name, maximumBytes: maximumBytes)
            } catch {
                // Where a failed read left libarchive is not worth knowing: start again next time.
                reader = nil
                throw error
            }
        }
        cache.withLock {
            $0.insert(bytes, byteCount: bytes.count, for: position)
            $0.trim()
        }
        return bytes
    }
}

/// One libarchive handle reading an archive from the front, and how far it has come.
private final class SequentialReader {
    private let archive: OpaquePointer
    private let source: ArchiveFileSource
    /// The index of the header the next `nextHeader` reads.
    private(set) var nextHeaderIndex = 0

    init(descriptor: Int32, fileSize: Int) throws(ArchiveError) {
        guard let archive = archive_read_new() else { throw .system(code: ENOMEM) }
        self.archive = archive
        source = ArchiveFileSource(descriptor: descriptor, start: 0, end: fileSize)
        // The formats by name, and no filter: libarchive's filters include ones that run an
        // outside program (lrzip, lzop), and a comic's archive is never compressed twice.
        archive_read_support_format_rar(archive)
        archive_read_support_format_rar5(archive)
        archive_read_support_format_7zip(archive)
        archive_read_support_format_tar(archive)
        guard source.openSeekable(archive) == ARCHIVE_OK else { throw damaged(name: nil) }
    }

    deinit { archive_read_free(archive) }

    /// The next header, its data skipped unread; nil at the end.
    func nextHeader() throws(ArchiveError) -> OpaquePointer? {
        var header: OpaquePointer?
        let status = archive_read_next_header(archive, &header)
        if status == ARCHIVE_EOF { return nil }
        // ARCHIVE_WARN is a name libarchive could not convert to the locale's character set.
        guard status >= ARCHIVE_WARN, let header else { throw damaged(name: nil) }
        nextHeaderIndex += 1
        return header
    }

    /// The data of the header at `index`, at or after `nextHeaderIndex`, reading on to it.
    func data(ofHeader index: Int, named name: String, maximumBytes: Int) throws(ArchiveError) -> [UInt8] {
        while nextHeaderIndex <= index {
            guard try nextHeader() != nil else { throw damaged(name: name) }
        }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: ArchiveEntryStream.blockBytes)
        while true {
            let count = block.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, ArchiveEntryStream.blockBytes) }
            if count == 0 { break }
            guard count > 0 else { throw damaged(name: name) }
            guard bytes.count + count <= maximumBytes else { throw .entryTooLarge(name: name, maximumBytes: maximumBytes) }
            bytes.append(contentsOf: block.prefix(count))
        }
        return bytes
    }

    private func damaged(name: String?) -> ArchiveError {
        if source.failure != 0 { return .system(code: source.failure) }
        // libarchive gives no words for an archive whose headers end early.
        let message = archive_error_string(archive).map { String(cString: $0) }
            ?? localized("it is cut short, or not a RAR, 7z or tar archive")
        guard let name else { return .damaged(detail: message) }
        return .damaged(detail: localized("'%1$s' cannot be read (%2$s)", name, message))
    }
}
