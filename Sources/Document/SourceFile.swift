import Glibc

/// Reads a whole file as text.
enum SourceFile {
    /// The file's bytes decoded as UTF-8; invalid sequences become U+FFFD.
    static func readText(atPath path: String) throws(DocumentError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw DocumentError(path: path, errno: errno) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw DocumentError(path: path, errno: errno) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw DocumentError(path: path, errno: EISDIR) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(max(status.st_size, 0)))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw DocumentError(path: path, errno: errno)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
