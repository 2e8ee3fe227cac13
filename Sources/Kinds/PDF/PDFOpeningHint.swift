import CSystem
import DocumentKit
import Glibc

/// Whether a PDF's bytes say poppler is likely to refuse it, read in a bounded time (three
/// reads of at most 4 KB), so that `PDFFile` waits for poppler's verdict before any window
/// only for such files and shows every other one at once.
///
/// Likely refused: a file whose last bytes have no `startxref` (truncated or not a PDF
/// inside: poppler must reconstruct its cross-reference, and often fails), or that names
/// `/Encrypt` where a trailer sits (the file's end, its start for a linearized file, and the
/// cross-reference stream `startxref` points at). A hint never refuses a file by itself: only
/// poppler's open does.
enum PDFOpeningHint {
    /// How much of each place is read, in bytes: a trailer dictionary with an `/Encrypt`
    /// entry, IDs and an info reference is a few hundred bytes; a linearized file puts its
    /// full trailer after the first page's cross-reference section, near its start. A trailer
    /// these reads miss only means the refusal comes after the first frame.
    static let windowBytes = 4096

    static func mayBeRefused(fd: Int32, size: Int) -> Bool {
        guard size > 0 else { return true }
        let tail = read(fd, at: max(0, size - windowBytes), count: windowBytes)
        guard let startOffset = lastStartxref(in: tail) else { return true }
        if contains("/Encrypt", in: tail) || contains("/Encrypt", in: read(fd, at: 0, count: windowBytes)) { return true }
        guard startOffset >= 0, startOffset < size else { return true }
        return contains("/Encrypt", in: read(fd, at: startOffset, count: windowBytes))
    }

    private static func read(_ fd: Int32, at offset: Int, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
        return got > 0 ? Array(bytes[0..<got]) : []
    }

    /// The offset after the last `startxref` keyword, or nil when there is none.
    private static func lastStartxref(in bytes: [UInt8]) -> Int? {
        guard let keyword = lastIndex(of: Array("startxref".utf8), in: bytes) else { return nil }
        var index = keyword + "startxref".utf8.count
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
        var value = 0, digits = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, digits < 18 {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
            digits += 1
        }
        return digits > 0 ? value : -1
    }

    private static func contains(_ text: String, in bytes: [UInt8]) -> Bool {
        lastIndex(of: Array(text.utf8), in: bytes) != nil
    }

    private static func lastIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { haystack -> Int? in
            guard let base = haystack.baseAddress else { return nil }
            var found: Int?
            var offset = 0
            while offset < haystack.count, let hit = glide_memmem(base + offset, haystack.count - offset, needle, needle.count) {
                found = hit - base
                offset = found! + 1
            }
            return found
        }
    }
}
