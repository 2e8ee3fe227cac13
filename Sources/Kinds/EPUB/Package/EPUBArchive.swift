import Glibc

/// A book's zip, read in place: its central directory indexed once, each entry inflated when
/// it is asked for, nothing ever unpacked to disk. The file stays open, so a book replaced or
/// deleted on disk while shown keeps its bytes.
///
/// Immutable after `init`, and every read has a libarchive handle of its own, so workers may
/// read entries concurrently.
public final class EPUBArchive: Sendable {
    /// The book's path, for errors.
    public let path: String
    /// More entries than this refuses the book (issue 24's hostile zip has 100,000): a real
    /// EPUB holds one entry per chapter, image, stylesheet and font, a few thousand at most,
    /// and each entry costs an index slot and a name.
    public static let maximumEntryCount = 100_000

    private let descriptor: Int32
    /// The file's size when opened: reads go no further.
    private let fileSize: Int
    private let directory: ZipCentralDirectory
    /// The served name of each entry (`ArchiveEntryName.served`) → its index in `directory`;
    /// of entries with the same name, the first.
    private let indexByName: [String: Int]
    /// The served names in the archive's order.
    public let entryNames: [String]

    /// Opens the zip at `path` and reads its central directory. A file that is not a zip, is
    /// truncated, or has more than `maximumEntryCount` entries throws.
    public init(path: String) throws(EPUBError) {
        self.path = path
        // Non-blocking, so a FIFO nobody writes to does not hang the open.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .system(code: errno) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw .system(code: code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .notRegularFile
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        do {
            directory = try ZipCentralDirectory.read(descriptor: fd, fileSize: Int(status.st_size),
                                                     maximumEntryCount: EPUBArchive.maximumEntryCount)
        } catch {
            close(fd)
            throw error
        }
        descriptor = fd
        fileSize = Int(status.st_size)
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

    /// The entry's bytes. More than `maximumBytes` throws `entryTooLarge` once the inflation
    /// passes it, so a zip bomb costs at most that much memory.
    public func data(ofEntry name: String, maximumBytes: Int) throws(EPUBError) -> [UInt8] {
        try read(name, maximumBytes: maximumBytes, truncates: false)
    }

    /// At most the first `maximumBytes` of the entry (the head of a chapter, for its viewport),
    /// inflating no more than that.
    public func prefix(ofEntry name: String, maximumBytes: Int) throws(EPUBError) -> [UInt8] {
        try read(name, maximumBytes: maximumBytes, truncates: true)
    }

    private func read(_ name: String, maximumBytes: Int, truncates: Bool) throws(EPUBError) -> [UInt8] {
        guard let position = indexByName[name] else { throw .missingEntry(name: name) }
        return try ArchiveEntryStream.bytes(of: directory.entries[position], named: name, descriptor: descriptor,
                                            fileEnd: fileSize, maximumBytes: maximumBytes,
                                            truncates: truncates)
    }
}
