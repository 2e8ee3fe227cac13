import Glibc
import Localization

/// What a state file holds, read without following it anywhere it could block or grow
/// without bound.
enum StateFileContents {
    case missing
    case bytes([UInt8])
    /// A directory, a FIFO, a device, a symbolic link: in words (`a directory`).
    case notARegularFile(String)
    case tooLarge(Int)
    case unreadable(String)

    /// Reads `path` if it is a regular file of at most `limit` bytes (with `limit` 0, only
    /// checks what it is).
    init(path: String, limit: Int) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            self = errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno)))
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: self = .notARegularFile(localized("a directory")); return
        case S_IFIFO: self = .notARegularFile(localized("a FIFO")); return
        case S_IFLNK: self = .notARegularFile(localized("a symbolic link")); return
        case S_IFSOCK: self = .notARegularFile(localized("a socket")); return
        default: self = .notARegularFile(localized("a device")); return
        }
        guard limit > 0 else { self = .bytes([]); return }
        guard Int(status.st_size) <= limit else { self = .tooLarge(Int(status.st_size)); return }
        // O_NOFOLLOW and O_NONBLOCK: whatever replaced the file since lstat cannot redirect or stall the read.
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { self = .unreadable(String(cString: strerror(errno))); return }
        defer { close(fd) }
        // Read in chunks rather than into one buffer of `limit` bytes: the limit of the desktop's
        // list of recent files is far above its usual size.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(limit + 1, 64 << 10))
        while bytes.count <= limit {
            let read = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { self = .unreadable(String(cString: strerror(errno))); return }
            if read == 0 { break }
            bytes.append(contentsOf: chunk[0..<read])
        }
        self = bytes.count > limit ? .tooLarge(bytes.count) : .bytes(bytes)
    }
}
