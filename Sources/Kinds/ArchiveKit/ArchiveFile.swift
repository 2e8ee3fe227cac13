import Glibc

/// An archive's file, opened for reading in place.
enum ArchiveFile {
    /// The descriptor and size of the regular file at `path`. Opened non-blocking, so a FIFO
    /// nobody writes to does not hang the open; a FIFO, a directory or a device throws
    /// `notRegularFile`.
    static func open(_ path: String) throws(ArchiveError) -> (descriptor: Int32, size: Int) {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
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
        return (fd, Int(status.st_size))
    }
}
