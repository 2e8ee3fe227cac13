import Glibc

/// Broken PDFs made from good ones, for the bad-input tests.
public enum DamagedPDF {
    /// The file's first `fraction` of bytes, as a download cut short leaves it.
    public static func truncated(_ path: String, keeping fraction: Double) -> String {
        let bytes = read(path)
        return write(Array(bytes.prefix(Int(Double(bytes.count) * fraction))))
    }

    /// A PDF header followed by garbage.
    public static func corrupt() -> String {
        var bytes = Array("%PDF-1.5\n".utf8)
        var seed: UInt32 = 12345
        for _ in 0..<20_000 {
            seed = seed &* 1_103_515_245 &+ 12_345
            bytes.append(UInt8(truncatingIfNeeded: seed >> 16))
        }
        return write(bytes)
    }

    /// `path` with an incremental update that makes it encrypted with the standard security
    /// handler and a user password no one knows: poppler asks for a password.
    public static func encrypted(_ path: String) -> String {
        var bytes = read(path)
        guard let start = lastIndex(of: "startxref", in: bytes), let sizeAt = lastIndex(of: "/Size ", in: bytes) else {
            return write(bytes)
        }
        let previous = number(in: bytes, from: start + 9)
        let size = number(in: bytes, from: sizeAt + 6)
        let hex = String(repeating: "5A", count: 32)
        let objectOffset = bytes.count
        var update = "\n\(size) 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <\(hex)> /U <\(hex)> /P -4 >>\nendobj\n"
        let tableOffset = objectOffset + update.utf8.count
        let offset = String(objectOffset + 1)
        update += "xref\n\(size) 1\n" + String(repeating: "0", count: 10 - offset.count) + offset + " 00000 n \n"
        update += "trailer\n<< /Size \(size + 1) /Root 1 0 R /Prev \(previous) /Encrypt \(size) 0 R "
        update += "/ID [<0123456789ABCDEF0123456789ABCDEF> <0123456789ABCDEF0123456789ABCDEF>] >>\n"
        update += "startxref\n\(tableOffset)\n%%EOF\n"
        bytes += Array(update.utf8)
        return write(bytes)
    }

    /// `path` with every `target` replaced by `replacement` (both ASCII).
    public static func replacing(_ target: String, with replacement: String, in path: String) -> String {
        let bytes = read(path), pattern = Array(target.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + pattern.count <= bytes.count, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                result += Array(replacement.utf8)
                index += pattern.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return write(result)
    }

    /// `path` with the page tree's last kid pointing at an object that does not exist: the
    /// document opens, that page cannot be read.
    public static func withMissingLastPage(_ path: String) -> String {
        var bytes = read(path)
        guard let kids = lastIndex(of: "/Kids [", in: bytes),
              let close = bytes[kids...].firstIndex(of: UInt8(ascii: "]")) else { return write(bytes) }
        // "… 11 0 R ]": the last reference's object number ends before " 0 R ".
        var end = close - 1
        while bytes[end] == 32 { end -= 1 }
        end -= 4
        var start = end
        while (48...57).contains(bytes[start - 1]) { start -= 1 }
        for index in start..<end { bytes[index] = UInt8(ascii: "9") }
        return write(bytes)
    }

    private static func lastIndex(of text: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(text.utf8)
        guard bytes.count >= pattern.count else { return nil }
        return stride(from: bytes.count - pattern.count, through: 0, by: -1).first {
            bytes[$0..<$0 + pattern.count].elementsEqual(pattern)
        }
    }

    /// The decimal number after any white space at `index`.
    private static func number(in bytes: [UInt8], from index: Int) -> Int {
        var position = index, value = 0
        while position < bytes.count, bytes[position] == 32 || bytes[position] == 10 || bytes[position] == 13 { position += 1 }
        while position < bytes.count, (48...57).contains(bytes[position]) {
            value = value * 10 + Int(bytes[position] - 48)
            position += 1
        }
        return value
    }

    /// The bytes of the file at `path`.
    public static func read(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        precondition(fd >= 0, "cannot read \(path)")
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 65536) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    static func write(_ bytes: [UInt8]) -> String {
        let path = PDFFixture.temporaryPath()
        let fd = open(path, O_WRONLY | O_TRUNC)
        precondition(fd >= 0, "cannot write \(path)")
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return path
    }
}
