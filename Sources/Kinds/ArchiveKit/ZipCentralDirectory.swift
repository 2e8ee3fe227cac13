import Localization

/// One file of a zip, as its central directory describes it.
struct ZipDirectoryEntry: Sendable {
    /// Where its name's bytes lie in the directory's `nameBytes`: the names are kept as bytes,
    /// not Strings, so a comic of 10,000 pages counts its images at open without making one
    /// (`ZipArchive.forEachStoredName`).
    let nameStart: Int
    let nameCount: Int
    /// What the directory claims; the read enforces its own bound, since a bomb lies here.
    let uncompressedSize: Int
    let compressedSize: Int
    /// Where the entry's local header starts.
    let localHeaderOffset: Int
    /// General-purpose flag bit 0: encrypted with a zip password.
    let isEncrypted: Bool
}

/// A zip's central directory, read straight from the file (APPNOTE.TXT 4.3.12 to 4.3.16, and
/// zip64's 4.3.14 and 4.5.3) rather than through libarchive's seekable reader: that reader
/// gives no way to reach one entry but walking every header before it, allocates every
/// entry before a caller can count them, and calls `mktime` (a `stat` of /etc/localtime when
/// `TZ` is unset) twice per entry: 0.45 s for 100,000 entries against 0.1 s with `TZ` set.
/// Here the walk counts as it goes and stops past the limit, and each entry keeps its local
/// header's offset, so a read goes straight to it (`ArchiveEntryStream`).
struct ZipCentralDirectory {
    /// In directory order.
    let entries: [ZipDirectoryEntry]
    /// Every entry's name, one after another, as stored.
    let nameBytes: [UInt8]
    /// Where the directory starts: every entry's data lies before it.
    let directoryOffset: Int

    private static let endRecordSignature = 0x0605_4B50
    private static let zip64LocatorSignature = 0x0706_4B50
    private static let zip64EndRecordSignature = 0x0606_4B50
    private static let entrySignature = 0x0201_4B50
    /// The end record's fixed part, and the most a comment after it adds (a 16-bit length).
    private static let endRecordBytes = 22
    private static let maximumCommentBytes = 0xFFFF
    /// The end of the file read first for the end record: a record with a comment of up to
    /// 4 KB less its 22 bytes.
    private static let firstTailBytes = 4096
    private static let entryHeaderBytes = 46
    /// A 32-bit field that says "look in the zip64 extra field".
    private static let zip64Marker = 0xFFFF_FFFF

    /// Where a zip's central directory lies, as its end record (or zip64 end record) says.
    struct Location: Sendable {
        var offset: Int
        var size: Int
        /// The entries the record counts: a claim, which the walk does not trust.
        var entryCount: Int
    }

    /// Reads the directory of the zip open as `descriptor`, `fileSize` bytes long, its end
    /// record first. More than `maximumEntryCount` entries throws as soon as the walk counts one more.
    static func read(descriptor: Int32, fileSize: Int, maximumEntryCount: Int) throws(ArchiveError) -> ZipCentralDirectory {
        var reader = FileRangeReader(descriptor: descriptor, end: fileSize)
        return try read(descriptor: descriptor, fileSize: fileSize, at: locate(in: &reader, fileSize: fileSize),
                        maximumEntryCount: maximumEntryCount)
    }

    /// Reads the directory at `location` of the zip open as `descriptor`, `fileSize` bytes long.
    /// More than `maximumEntryCount` entries throws as soon as the walk counts one more.
    static func read(descriptor: Int32, fileSize: Int, at location: Location,
                     maximumEntryCount: Int) throws(ArchiveError) -> ZipCentralDirectory {
        var reader = FileRangeReader(descriptor: descriptor, end: fileSize)
        let offset = location.offset, size = location.size
        var entries: [ZipDirectoryEntry] = []
        // As many entries as the directory has room for, at most one past the limit: the array
        // is not grown and copied a dozen times on the way to a comic's 10,000.
        entries.reserveCapacity(min(size / entryHeaderBytes, maximumEntryCount + 1))
        var nameBytes: [UInt8] = []
        nameBytes.reserveCapacity(min(size, maximumEntryCount * 64))
        var position = offset
        let end = offset + size
        while position < end {
            guard let header = reader.bytes(at: position, count: entryHeaderBytes) else { throw cutShort }
            guard header.littleEndian(at: 0, width: 4) == entrySignature else { throw broken }
            guard entries.count < maximumEntryCount else { throw ArchiveError.tooManyEntries(limit: maximumEntryCount) }
            let nameLength = header.littleEndian(at: 28, width: 2)
            let extraLength = header.littleEndian(at: 30, width: 2)
            let commentLength = header.littleEndian(at: 32, width: 2)
            guard let variable = reader.bytes(at: position + entryHeaderBytes, count: nameLength + extraLength) else {
                throw cutShort
            }
            var sizes = Zip64Sizes(uncompressed: header.littleEndian(at: 24, width: 4),
                                   compressed: header.littleEndian(at: 20, width: 4),
                                   offset: header.littleEndian(at: 42, width: 4))
            sizes.readExtraField(variable.dropFirst(nameLength))
            guard sizes.offset >= 0, sizes.offset < offset, sizes.compressed >= 0, sizes.uncompressed >= 0 else {
                throw broken
            }
            entries.append(ZipDirectoryEntry(nameStart: nameBytes.count, nameCount: nameLength, uncompressedSize: sizes.uncompressed,
                                             compressedSize: sizes.compressed, localHeaderOffset: sizes.offset,
                                             isEncrypted: header.littleEndian(at: 8, width: 2) & 1 != 0))
            nameBytes.append(contentsOf: variable.prefix(nameLength))
            position += entryHeaderBytes + nameLength + extraLength + commentLength
        }
        return ZipCentralDirectory(entries: entries, nameBytes: nameBytes, directoryOffset: offset)
    }

    /// The bytes of entry `index`'s name as stored.
    func storedNameBytes(of index: Int) -> ArraySlice<UInt8> {
        let entry = entries[index]
        return nameBytes[entry.nameStart..<entry.nameStart + entry.nameCount]
    }

    /// Entry `index`'s name as stored, read as UTF-8 (EPUB's rule, and what zip tools write
    /// since the 2000s; a stray byte becomes U+FFFD).
    func storedName(of index: Int) -> String { String(decoding: storedNameBytes(of: index), as: UTF8.self) }

    /// The directory's offset, size and entry count from the end record (or its zip64 record).
    static func locate(in reader: inout FileRangeReader, fileSize: Int) throws(ArchiveError) -> Location {
        // Most zips end with an end record and no comment: a first read of 4 KB finds it, and
        // only a zip with a longer comment costs the read of the 64 KB one may take.
        var tailLength = 0, tail: ArraySlice<UInt8> = [], found: Int?
        for window in [firstTailBytes, endRecordBytes + maximumCommentBytes] where found == nil && tailLength < fileSize {
            tailLength = min(fileSize, window)
            guard fileSize >= endRecordBytes, let read = reader.bytes(at: fileSize - tailLength, count: tailLength) else {
                throw notZip
            }
            tail = read
            // The last end record whose comment fits in what follows it.
            var index = tailLength - endRecordBytes
            while index >= 0 {
                if tail[tail.startIndex + index] == 0x50, tail.littleEndian(at: index, width: 4) == endRecordSignature,
                   index + endRecordBytes + tail.littleEndian(at: index + 20, width: 2) <= tailLength {
                    found = index
                    break
                }
                index -= 1
            }
        }
        guard let found else { throw notZip }
        let recordOffset = fileSize - tailLength + found
        var offset = tail.littleEndian(at: found + 16, width: 4)
        var size = tail.littleEndian(at: found + 12, width: 4)
        var entryCount = tail.littleEndian(at: found + 10, width: 2)
        var directoryEnd = recordOffset
        if offset == zip64Marker || size == zip64Marker || tail.littleEndian(at: found + 10, width: 2) == 0xFFFF,
           let locator = reader.bytes(at: recordOffset - 20, count: 20),
           locator.littleEndian(at: 0, width: 4) == zip64LocatorSignature {
            let zip64Offset = locator.littleEndian(at: 8, width: 8)
            guard let record = reader.bytes(at: zip64Offset, count: 56),
                  record.littleEndian(at: 0, width: 4) == zip64EndRecordSignature else { throw broken }
            entryCount = record.littleEndian(at: 32, width: 8)
            size = record.littleEndian(at: 40, width: 8)
            offset = record.littleEndian(at: 48, width: 8)
            directoryEnd = zip64Offset
        }
        guard offset >= 0, size >= 0, offset <= directoryEnd - size else { throw cutShort }
        return Location(offset: offset, size: size, entryCount: entryCount)
    }

    private static var notZip: ArchiveError {
        .damaged(detail: localized("it is not a zip archive, or its end is missing"))
    }

    private static var cutShort: ArchiveError {
        .damaged(detail: localized("its zip directory is cut short"))
    }

    private static var broken: ArchiveError {
        .damaged(detail: localized("its zip directory is broken"))
    }
}

/// An entry's sizes and offset, with the zip64 extra field's 64-bit values where the 32-bit
/// fields hold the marker (APPNOTE.TXT 4.5.3: present in this order, only those that overflowed).
private struct Zip64Sizes {
    var uncompressed: Int
    var compressed: Int
    var offset: Int

    private static let marker = 0xFFFF_FFFF
    private static let zip64ExtraID = 0x0001

    mutating func readExtraField(_ extra: ArraySlice<UInt8>) {
        guard uncompressed == Zip64Sizes.marker || compressed == Zip64Sizes.marker || offset == Zip64Sizes.marker else {
            return
        }
        var position = 0
        while position + 4 <= extra.count {
            let id = extra.littleEndian(at: position, width: 2)
            let length = extra.littleEndian(at: position + 2, width: 2)
            let body = position + 4
            guard body + length <= extra.count else { return }
            if id == Zip64Sizes.zip64ExtraID {
                var field = body
                func next() -> Int? {
                    guard field + 8 <= body + length else { return nil }
                    defer { field += 8 }
                    return extra.littleEndian(at: field, width: 8)
                }
                if uncompressed == Zip64Sizes.marker, let value = next() { uncompressed = value }
                if compressed == Zip64Sizes.marker, let value = next() { compressed = value }
                if offset == Zip64Sizes.marker, let value = next() { offset = value }
                return
            }
            position = body + length
        }
    }
}
