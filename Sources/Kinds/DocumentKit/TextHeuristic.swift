/// Whether bytes are text: mostly valid UTF-8 with few control characters. A log with a stray
/// Latin-1 byte or a table cell of broken UTF-8 stays text (those bytes show as U+FFFD); a
/// file of unknown binary format, or UTF-16, does not.
enum TextHeuristic {
    /// The share of suspicious bytes (control characters other than layout ones, bytes of
    /// invalid UTF-8) above which a sample is binary: three in ten. Text in a legacy 8-bit
    /// encoding stays well below it (accented letters are a few percent of European prose),
    /// and so does a short line with a few broken bytes; random bytes are far above it (about
    /// 60 % of them are invalid UTF-8 or controls). UTF-16 is told by its byte-order mark.
    static let maximumSuspiciousShare = 0.3

    static func isText(_ sample: [UInt8]) -> Bool {
        guard !sample.isEmpty else { return true }
        var suspicious = 0
        var index = 0
        // A sequence cut by the end of the sample is not counted as invalid.
        let end = sample.count
        while index < end {
            let byte = sample[index]
            if byte < 0x80 {
                if isSuspiciousControl(byte) { suspicious += 1 }
                index += 1
                continue
            }
            let length = byte >= 0xF0 && byte <= 0xF4 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 && byte < 0xE0 ? 2 : 0
            guard length > 0 else {
                suspicious += 1
                index += 1
                continue
            }
            if index + length > end { break }
            if sample[(index + 1)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 }) {
                index += length
            } else {
                suspicious += 1
                index += 1
            }
        }
        return Double(suspicious) <= maximumSuspiciousShare * Double(sample.count)
    }

    /// Controls that text does not hold: all but tab, line feed, vertical tab, form feed,
    /// carriage return, backspace (overstrike in man pages) and escape (colour codes in logs).
    /// NUL is not counted: a sparse file (zeros where nothing was written, as a preallocated
    /// log) is text with holes, shown as U+FFFD, and binary formats are told by their magic.
    private static func isSuspiciousControl(_ byte: UInt8) -> Bool {
        (byte > 0 && byte < 0x20 && ![0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B].contains(byte)) || byte == 0x7F
    }
}
