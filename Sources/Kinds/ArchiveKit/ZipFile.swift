import Glibc

/// A zip opened and its end record read, its central directory not yet: where the directory
/// lies, how long it is and how many entries it says it has, learned in bounded time (one read
/// of the file's last 64 KB at most, whatever the archive holds). A comic's open does this on
/// the loop and leaves the directory, which grows with the pages, to a worker (`ZipArchive`).
///
/// Owns the descriptor, open until the last `ZipArchive` read from it is gone, so an archive
/// replaced or deleted on disk while shown keeps its bytes.
public final class ZipFile: Sendable {
    /// The archive's path, for errors.
    public let path: String
    let descriptor: Int32
    /// The file's size when opened: reads go no further.
    let fileSize: Int
    let location: ZipCentralDirectory.Location

    /// Opens the zip at `path` and reads its end record. A file that is not a zip or lost its
    /// end throws, and so does one whose end record counts more than `maximumEntryCount` entries.
    public init(path: String, maximumEntryCount: Int = ZipArchive.maximumEntryCount) throws(ArchiveError) {
        self.path = path
        let (fd, size) = try ArchiveFile.open(path)
        do throws(ArchiveError) {
            var reader = FileRangeReader(descriptor: fd, end: size)
            location = try ZipCentralDirectory.locate(in: &reader, fileSize: size)
            if location.entryCount > maximumEntryCount { throw .tooManyEntries(limit: maximumEntryCount) }
        } catch {
            close(fd)
            throw error
        }
        descriptor = fd
        fileSize = size
    }

    deinit { close(descriptor) }

    /// How long the central directory is, in bytes: what reading it costs.
    public var directoryBytes: Int { location.size }

    /// How many entries the end record says the directory holds (the directory's own walk
    /// counts them again, and stops past the limit whatever this says).
    public var entryCount: Int { location.entryCount }
}
