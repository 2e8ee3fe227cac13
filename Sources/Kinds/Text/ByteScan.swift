import Glibc

/// Searches over a Markdown file's bytes for the scans that bound its parse before cmark-gfm
/// sees it (`TableColumnLimit`, `ReferenceExpansionLimit`, `ParseNodeEstimate`,
/// `MarkdownParser`): glibc's `memchr` reads 16 or 32 bytes a step, where `Array.contains`,
/// `firstIndex(of:)` and a `switch` over every byte take 5 to 11 instructions a byte. Most
/// files have no table, no reference definition and no HTML, and these scans decide that:
/// written as loops they had made a 10 KB file's first frame 1 % costlier in instructions
/// than before they were added (callgrind, `glide-bench render`'s first frames).
enum ByteScan {
    /// Whether `bytes` hold `byte`.
    static func contains(_ byte: UInt8, in bytes: [UInt8]) -> Bool {
        firstIndex(of: byte, in: bytes, from: 0) != nil
    }

    /// Whether `bytes` hold the bytes of `needle` one after the other: `memchr` for its last
    /// byte (for `]:`, the colon, rarer in prose than the bracket), then a look at the bytes
    /// before it there.
    static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        guard let last = needle.last else { return true }
        let before = needle.count - 1
        var start = before
        while let found = firstIndex(of: last, in: bytes, from: start) {
            if bytes[(found - before)..<found].elementsEqual(needle[..<before]) { return true }
            start = found + 1
        }
        return false
    }

    /// The index of the first `byte` at or after `start`, or nil.
    static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBytes { buffer in
            let found: UnsafeMutableRawPointer? = memchr(buffer.baseAddress! + start, Int32(byte), buffer.count - start)
            return found.map { buffer.baseAddress!.distance(to: UnsafeRawPointer($0)) }
        }
    }

    /// How many times `byte` occurs in `bytes`.
    static func count(of byte: UInt8, in bytes: [UInt8]) -> Int {
        var count = 0
        forEach(byte, in: bytes) { _ in count += 1 }
        return count
    }

    /// Calls `body` with the index of every `byte` in `bytes`, in order.
    static func forEach(_ byte: UInt8, in bytes: [UInt8], _ body: (Int) -> Void) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count, let found = memchr(base + start, Int32(byte), buffer.count - start) {
                let index = base.distance(to: UnsafeRawPointer(found))
                body(index)
                start = index + 1
            }
        }
    }
}
