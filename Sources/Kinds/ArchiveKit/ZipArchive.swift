import Glibc

/// A zip (a book's, a comic's), read in place: its central directory indexed once, each entry
/// inflated when it is asked for, nothing ever unpacked to disk. The file stays open, so an
/// archive replaced or deleted on disk while shown keeps its bytes.
///
/// Immutable after `init`, and every read has a libarchive handle of its own, so workers may
/// read entries concurrently.
public final class ZipArchive: Sendable {
    /// The archive's path, for errors.
    public let path: String
    /// More entries than this refuses the archive (issue 24's hostile zip has 100,000): a real
    /// EPUB holds one entry per chapter, image, stylesheet and font, a few thousand at most, a
    /// comic one per page, and each entry costs an index slot and a name.
    public static let maximumEntryCount = 100_000

    private let descriptor: Int32
    /// The file's size when opened: reads go no further.
    private let fileSize: Int
    let directory: ZipCentralDirectory
    /// The served name of each entry (`ArchiveEntryName.served`) → its index in `directory`;
    /// of entries with the same name, the first.
    private let indexByName: [String: Int]
    /// The served names in the archive's order.
    public let entryNames: [String]

    /// Opens the zip at `path` and reads its central directory. A file that is not a zip, is
    /// truncated, or has more than `maximumEntryCount` entries throws.
    public init(path: String) throws(ArchiveError) {
        self.path = path
        let (fd, size) = try ArchiveFile.open(path)
        do {
            directory = try ZipCentralDirectory.read(descriptor: fd, fileSize: size,
                                                     maximumEntryCount: ZipArchive.maximumEntryCount)
        } catch {
            close(fd)
            throw error
        }
        descriptor = fd
        fileSize = size
        var index: [String: Int] = [:]
        var names: [String] = []
        index.reserveCapacity(directory.entries.count)
        for (position, entry) in directory.entries.enumerated() {
            guard let name = ArchiveEntryName.served(entry.storedName), index[name] == nil else { continue }
            index[name] = position
            names.append(name)
        }
        indexByName = index
        entryNames = names
    }

    deinit { close(descriptor) }

    /// Whether the archive serves an entry of that name.
    public func contains(_ name: String) -> Bool { indexByName[name] != nil }

    /// What the central directory says the entry inflates to (a hostile book may lie; reads
    /// bound what they inflate themselves); nil for an entry not served.
    public func uncompressedSize(ofEntry name: String) -> Int? {
        indexByName[name].map { directory.entries[$0].uncompressedSize }
    }

    /// What the central directory says each served entry inflates to, in `entryNames`' order:
    /// the directory's own figures, read once at `init`, no entry inflated.
    public var uncompressedSizes: [Int] { entryNames.map { directory.entries[indexByName[$0]!].uncompressedSize } }

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
        guard let position = indexByName[name] else { throw .missingEntry(name: name) }
        return try ArchiveEntryStream.bytes(of: directory.entries[position], named: name, descriptor: descriptor,
                                            fileEnd: fileSize, maximumBytes: maximumBytes,
                                            truncates: truncates)
    }
}
