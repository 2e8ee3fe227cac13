import Glibc
import Synchronization

/// A zip (a book's, a comic's), read in place: its central directory indexed once, each entry
/// inflated when it is asked for, nothing ever unpacked to disk. The file (`ZipFile`) stays
/// open, so an archive replaced or deleted on disk while shown keeps its bytes.
///
/// Immutable after `init` but for its index of names, made once under a lock when a name is
/// first looked up, and every read has a libarchive handle of its own, so workers may read
/// entries concurrently. A comic's open reads only the end record on the loop (`ZipFile`);
/// the directory is read here, on a worker, and its 10,000 names are indexed there too.
public final class ZipArchive: Sendable {
    /// The archive's path, for errors.
    public let path: String
    /// More entries than this refuses the archive (issue 24's hostile zip has 100,000): a real
    /// EPUB holds one entry per chapter, image, stylesheet and font, a few thousand at most, a
    /// comic one per page, and each entry costs an index slot and a name.
    public static let maximumEntryCount = 100_000

    /// The opened file, whose descriptor every read uses.
    public let file: ZipFile
    private var descriptor: Int32 { file.descriptor }
    /// The file's size when opened: reads go no further.
    private var fileSize: Int { file.fileSize }
    let directory: ZipCentralDirectory
    private let nameIndex = Mutex<NameIndex?>(nil)

    /// The served names (`ArchiveEntryName.served`) and where they are in `directory`.
    private struct NameIndex {
        /// A served name → its entry's index in `directory`; of entries with the same name,
        /// the first.
        var positionByName: [String: Int] = [:]
        /// The served names in the archive's order.
        var names: [String] = []
    }

    /// Opens the zip at `path` and reads its central directory. A file that is not a zip, is
    /// truncated, or has more than `maximumEntryCount` entries throws.
    public convenience init(path: String) throws(ArchiveError) {
        try self.init(file: ZipFile(path: path))
    }

    /// Reads the central directory of `file`, opened with its end record read: the part that
    /// grows with the entries, which a comic's open leaves to a worker. A directory truncated
    /// or broken, or of more than `maximumEntryCount` entries, throws.
    public init(file: ZipFile) throws(ArchiveError) {
        self.file = file
        path = file.path
        directory = try ZipCentralDirectory.read(descriptor: file.descriptor, fileSize: file.fileSize, at: file.location,
                                                 maximumEntryCount: ZipArchive.maximumEntryCount)
    }

    /// The index of names, made by the first caller that needs it.
    private var index: NameIndex {
        nameIndex.withLock { index in
            if let index { return index }
            var made = NameIndex()
            made.positionByName.reserveCapacity(directory.entries.count)
            for position in directory.entries.indices {
                guard let name = ArchiveEntryName.served(directory.storedName(of: position)),
                      made.positionByName[name] == nil else { continue }
                made.positionByName[name] = position
                made.names.append(name)
            }
            index = made
            return made
        }
    }

    /// The served names in the archive's order.
    public var entryNames: [String] { index.names }

    /// Whether the archive serves an entry of that name.
    public func contains(_ name: String) -> Bool { index.positionByName[name] != nil }

    /// How many entries the directory lists, served or not: the positions of
    /// `forEachStoredName` and `data(ofEntryAt:maximumBytes:)`.
    public var entryCount: Int { directory.entries.count }

    /// Each entry's position and name's bytes as stored, in directory order, with no name
    /// made into a String and the index of names left unmade: for a look over every name at
    /// open (a comic's pages counted, its first one found). The bytes are valid until
    /// `forEachStoredName` returns.
    public func forEachStoredName(_ body: (_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Void) {
        directory.nameBytes.withUnsafeBufferPointer { names in
            for (position, entry) in directory.entries.enumerated() {
                body(position, UnsafeBufferPointer(rebasing: names[entry.nameStart..<entry.nameStart + entry.nameCount]))
            }
        }
    }

    /// The served name of the entry at `position` (`ArchiveEntryName.served`); nil for one
    /// never served.
    public func servedName(ofEntryAt position: Int) -> String? { ArchiveEntryName.served(directory.storedName(of: position)) }

    /// The bytes of the entry at `position` (`forEachStoredName`'s), read as
    /// `data(ofEntry:maximumBytes:)` reads them, without the index of names.
    public func data(ofEntryAt position: Int, maximumBytes: Int) throws(ArchiveError) -> [UInt8] {
        let stored = directory.storedName(of: position)
        let name = ArchiveEntryName.served(stored) ?? stored
        return try ArchiveEntryStream.bytes(of: directory.entries[position], named: name, descriptor: descriptor,
                                            fileEnd: fileSize, maximumBytes: maximumBytes, truncates: false)
    }

    /// What the central directory says the entry inflates to (a hostile book may lie; reads
    /// bound what they inflate themselves); nil for an entry not served.
    public func uncompressedSize(ofEntry name: String) -> Int? {
        index.positionByName[name].map { directory.entries[$0].uncompressedSize }
    }

    /// What the central directory says each served entry inflates to, in `entryNames`' order:
    /// the directory's own figures, read once at `init`, no entry inflated.
    public var uncompressedSizes: [Int] {
        let index = self.index
        return index.names.map { directory.entries[index.positionByName[$0]!].uncompressedSize }
    }

    /// The entry's bytes. More than `maximumBytes` throws `entryTooLarge` once the inflation
    /// passes it, so a zip bomb costs at most that much memory.
    public func data(ofEntry name: String, maximumBytes: Int) throws(ArchiveError) -> [UInt8] {
        try read(name, maximumBytes: maximumBytes, truncates: false)
    }

    /// At most the first `maximumBytes` of the entry (the head of a chapter, for its viewport),
    /// inflating no more than that.
    public func prefix(ofEntry name: String, maximumBytes: Int) throws(ArchiveError) -> [UInt8] {
        try read(name, maximumBytes: maximumBytes, truncates: true)
    }

    private func read(_ name: String, maximumBytes: Int, truncates: Bool) throws(ArchiveError) -> [UInt8] {
        guard let position = index.positionByName[name] else { throw .missingEntry(name: name) }
        return try ArchiveEntryStream.bytes(of: directory.entries[position], named: name, descriptor: descriptor,
                                            fileEnd: fileSize, maximumBytes: maximumBytes,
                                            truncates: truncates)
    }
}
