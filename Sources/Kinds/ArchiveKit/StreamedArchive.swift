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
/// worker. On the frame loop, only within a budget of headers and bytes read, which a comic's
/// open lists its first headers and reads its `ComicInfo.xml` within: the listing and the
/// read give nil rather than go past it, and a worker does the rest.
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
    public var path: String { file.path }
    /// The opened file, whose descriptor every read uses.
    public let file: StreamedArchiveFile
    /// The served entries in the archive's order; of entries with the same name, the first.
    public let entries: [Entry]
    /// Where the entry of each name is in `entries`.
    private let positionByName: [String: Int]
    private let reader = Mutex<SequentialReader?>(nil)
    private let cache: Mutex<ByteBoundedCache<Int, [UInt8]>>

    /// The bytes of entries read kept for reading again: 48 MB, the encoded pages a view
    /// decodes at once (the page shown and its two neighbours, each decoded again at the size
    /// it is shown: `ImageStore.decodeAgain`) at up to 16 MB each, a 600 dpi colour scan as a
    /// JPEG.
    public static let cacheCapacityBytes = 48 << 20

    /// What is read at a time while headers are listed, or an entry read within a budget
    /// (`readingAtMostBytes`): 4 KB, a page of the page cache. A tar's header and its pax
    /// extension take 1.5 KB, and listing skips each entry's data with a seek, so a block as
    /// large as a page read's (`ArchiveEntryStream.blockBytes`, 64 KB) would read 60 KB of
    /// data for nothing per header.
    static let listingBlockBytes = 4 << 10

    /// Opens the archive at `path` and lists its entries (`init(file:maximumEntryCount:)`).
    public convenience init(path: String, maximumEntryCount: Int = ZipArchive.maximumEntryCount) throws(ArchiveError) {
        try self.init(file: StreamedArchiveFile(path: path), maximumEntryCount: maximumEntryCount)
    }

    /// Lists the entries of `file`. A file libarchive reads as none of RAR, 7z and tar
    /// throws; an archive cut short throws only when no entry could be listed (the entries
    /// before the cut are served, and the one it cut fails when it is read). More than
    /// `maximumEntryCount` headers throws.
    public convenience init(file: StreamedArchiveFile, maximumEntryCount: Int = ZipArchive.maximumEntryCount) throws(ArchiveError) {
        // Without a budget the listing always ends.
        try self.init(file: file, maximumEntryCount: maximumEntryCount, readingAtMostBytes: .max, headers: .max)!
    }

    /// Lists the entries of `file` as `init(file:maximumEntryCount:)` does, within a budget:
    /// nil once more than `headers` headers would be read, or more than `bytes` bytes of the
    /// file (a 7z's header block, a solid RAR's entries unpacked to be skipped); the cost of
    /// what the budget allows, on the frame loop, does not grow with the archive.
    public convenience init?(file: StreamedArchiveFile, readingAtMostBytes bytes: Int, headers: Int) throws(ArchiveError) {
        try self.init(file: file, maximumEntryCount: ZipArchive.maximumEntryCount, readingAtMostBytes: bytes, headers: headers)
    }

    private init?(file: StreamedArchiveFile, maximumEntryCount: Int, readingAtMostBytes bytes: Int,
                  headers headerBudget: Int) throws(ArchiveError) {
        self.file = file
        cache = Mutex(ByteBoundedCache(capacityBytes: StreamedArchive.cacheCapacityBytes))
        var listed: [Entry] = []
        var positions: [String: Int] = [:]
        let lister = try SequentialReader(file: file, blockBytes: StreamedArchive.listingBlockBytes, readLimit: bytes)
        do throws(ArchiveError) {
            var headerIndex = 0
            while let header = try lister.nextHeader() {
                if headerIndex >= headerBudget { return nil }
                guard headerIndex < maximumEntryCount else { throw ArchiveError.tooManyEntries(limit: maximumEntryCount) }
                defer { headerIndex += 1 }
                // AE_IFREG, a macro Swift does not import.
                guard archive_entry_filetype(header) == 0o100000 else { continue }
                // The name as stored when it is ASCII, the same in every encoding: asking for
                // UTF-8 opens an iconv conversion for every header (6,000 instructions of the
                // 21,000 a tar's header costs, callgrind, `glide-bench first-frame comic-10000-cbt`).
                let stored = archive_entry_pathname(header)
                let raw = stored.flatMap { isASCII($0) ? $0 : nil } ?? archive_entry_pathname_utf8(header) ?? stored
                guard let raw, let name = ArchiveEntryName.served(String(cString: raw)), positions[name] == nil else { continue }
                let size = archive_entry_size_is_set(header) != 0 ? Int(archive_entry_size(header)) : nil
                positions[name] = listed.count
                listed.append(Entry(name: name, size: size, headerIndex: headerIndex,
                                    isEncrypted: archive_entry_is_data_encrypted(header) != 0))
            }
        } catch {
            if lister.passedReadLimit { return nil }
            guard case .damaged = error, !listed.isEmpty else { throw error }
        }
        entries = listed
        positionByName = positions
    }

    /// Whether the archive serves an entry of that name.
    public func contains(_ name: String) -> Bool { positionByName[name] != nil }

    /// The entry's bytes, read up to it from the kept reader or from the front. More than
    /// `maximumBytes` (as its header says, or once the unpacking passes it) throws
    /// `entryTooLarge`, so a bomb costs at most that much memory.
    public func data(ofEntry name: String, maximumBytes: Int) throws(ArchiveError) -> [UInt8] {
        guard let position = positionByName[name] else { throw .missingEntry(name: name) }
        return try data(ofEntryAt: position, maximumBytes: maximumBytes)
    }

    /// The bytes of `entries[position]`, as `data(ofEntry:maximumBytes:)` reads them.
    public func data(ofEntryAt position: Int, maximumBytes: Int) throws(ArchiveError) -> [UInt8] {
        let entry = entries[position]
        try check(entry, maximumBytes: maximumBytes)
        if let kept = cache.withLock({ $0.value(for: position) }) {
            guard kept.count <= maximumBytes else { throw .entryTooLarge(name: entry.name, maximumBytes: maximumBytes) }
            return kept
        }
        let bytes = try reader.withLock { (reader: inout SequentialReader?) throws(ArchiveError) -> [UInt8] in
            if reader == nil || reader!.nextHeaderIndex > entry.headerIndex {
                reader = nil
                reader = try SequentialReader(file: file)
            }
            do throws(ArchiveError) {
                return try reader!.data(ofHeader: entry.headerIndex, named: entry.name, maximumBytes: maximumBytes)
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

    /// The bytes of `entries[position]` read from the front by a reader of its own within a
    /// budget: nil once more than `budget` bytes of the file would be read to reach and read
    /// it (a solid archive unpacks the entries before it). For a small entry wanted at open on
    /// the loop (a comic's `ComicInfo.xml`); it is not kept.
    public func data(ofEntryAt position: Int, maximumBytes: Int, readingAtMostBytes budget: Int) throws(ArchiveError) -> [UInt8]? {
        let entry = entries[position]
        try check(entry, maximumBytes: maximumBytes)
        let bounded = try SequentialReader(file: file, blockBytes: StreamedArchive.listingBlockBytes, readLimit: budget)
        do throws(ArchiveError) {
            return try bounded.data(ofHeader: entry.headerIndex, named: entry.name, maximumBytes: maximumBytes)
        } catch {
            if bounded.passedReadLimit { return nil }
            throw error
        }
    }

    private func check(_ entry: Entry, maximumBytes: Int) throws(ArchiveError) {
        guard !entry.isEncrypted else { throw .passwordProtected(name: entry.name) }
        if let size = entry.size, size > maximumBytes { throw .entryTooLarge(name: entry.name, maximumBytes: maximumBytes) }
    }
}

/// Whether the C string `name` is ASCII.
private func isASCII(_ name: UnsafePointer<CChar>) -> Bool {
    var byte = name
    while byte.pointee != 0 {
        if UInt8(bitPattern: byte.pointee) >= 0x80 { return false }
        byte += 1
    }
    return true
}

/// One libarchive handle reading an archive from the front, and how far it has come.
private final class SequentialReader {
    private let archive: OpaquePointer
    private let source: ArchiveFileSource
    /// The index of the header the next `nextHeader` reads.
    private(set) var nextHeaderIndex = 0
    /// Whether the data of the last header read is still unread.
    private var dataIsUnread = false

    /// Reads `file` `blockBytes` at a time, and no more than `readLimit` bytes in all.
    init(file: StreamedArchiveFile, blockBytes: Int = ArchiveEntryStream.blockBytes, readLimit: Int = .max) throws(ArchiveError) {
        guard let archive = archive_read_new() else { throw .system(code: ENOMEM) }
        self.archive = archive
        source = ArchiveFileSource(descriptor: file.descriptor, start: 0, end: file.fileSize, blockBytes: blockBytes,
                                   readLimit: readLimit)
        // The formats by name, and no filter: libarchive's filters include ones that run an
        // outside program (lrzip, lzop), and a comic's archive is never compressed twice.
        archive_read_support_format_rar(archive)
        archive_read_support_format_rar5(archive)
        archive_read_support_format_7zip(archive)
        archive_read_support_format_tar(archive)
        guard source.openSeekable(archive) == ARCHIVE_OK else { throw damaged(name: nil) }
    }

    deinit { archive_read_free(archive) }

    /// Whether a read stopped at the reader's `readLimit`: what failed is the budget, not the archive.
    var passedReadLimit: Bool { source.passedReadLimit }

    /// The next header, its data skipped unread; nil at the end.
    func nextHeader() throws(ArchiveError) -> OpaquePointer? {
        var header: OpaquePointer?
        let status = archive_read_next_header(archive, &header)
        if status == ARCHIVE_EOF { return nil }
        // ARCHIVE_WARN is a name libarchive could not convert to the locale's character set.
        guard status >= ARCHIVE_WARN, let header else { throw damaged(name: nil) }
        nextHeaderIndex += 1
        dataIsUnread = true
        return header
    }

    /// The data of the header at `index`, at or after `nextHeaderIndex`, reading on to it.
    func data(ofHeader index: Int, named name: String, maximumBytes: Int) throws(ArchiveError) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: ArchiveEntryStream.blockBytes)
        // libarchive 3.6.2 loses its place in a solid 7z block when it skips an entry's data
        // before reading a later one ("Truncated 7-Zip file body" reading the 4th of four
        // entries after three of 64 KB of noise), so a 7z's entries on the way are read and
        // dropped instead: their block is unpacked either way.
        while nextHeaderIndex <= index {
            // The format is known once a header is read, as the data is.
            if dataIsUnread, archive_format(archive) & ARCHIVE_FORMAT_BASE_MASK == ARCHIVE_FORMAT_7ZIP {
                try readData(into: &block, named: name) { _ throws(ArchiveError) in }
            }
            guard try nextHeader() != nil else { throw damaged(name: name) }
        }
        var bytes: [UInt8] = []
        try readData(into: &block, named: name) { (read: ArraySlice<UInt8>) throws(ArchiveError) in
            guard bytes.count + read.count <= maximumBytes else { throw .entryTooLarge(name: name, maximumBytes: maximumBytes) }
            bytes.append(contentsOf: read)
        }
        return bytes
    }

    /// The data of the last header read, handed to `body` a block at a time.
    private func readData(into block: inout [UInt8], named name: String,
                          _ body: (ArraySlice<UInt8>) throws(ArchiveError) -> Void) throws(ArchiveError) {
        let capacity = block.count
        while true {
            let count = block.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, capacity) }
            if count == 0 { break }
            guard count > 0 else { throw damaged(name: name) }
            try body(block.prefix(count))
        }
        dataIsUnread = false
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
