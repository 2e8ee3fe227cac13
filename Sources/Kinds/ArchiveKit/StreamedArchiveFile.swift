import Glibc

/// A RAR, 7z or tar archive's file, opened and nothing read: what a comic's open holds on the
/// loop when its headers are left to a worker (`StreamedArchive`), as `ZipFile` is a zip's.
///
/// Owns the descriptor, open until the last `StreamedArchive` listed from it is gone, so an
/// archive replaced or deleted on disk while shown keeps its bytes.
public final class StreamedArchiveFile: Sendable {
    /// The archive's path, for errors.
    public let path: String
    let descriptor: Int32
    /// The file's size when opened: reads go no further.
    let fileSize: Int

    /// Opens the file at `path`; a directory, a FIFO or a device throws `notRegularFile`.
    public init(path: String) throws(ArchiveError) {
        self.path = path
        (descriptor, fileSize) = try ArchiveFile.open(path)
    }

    deinit { close(descriptor) }
}
