import Foundation

/// A deflate stream (RFC 1951) of zero bytes at deflate's best ratio, about 1032:1, written
/// without inflating or deflating anything: a 10 GB entry costs 10 MB of disk and no time.
///
/// One final block with dynamic Huffman codes in which the literal 0 and the end of block
/// have 2-bit codes, length 258 (symbol 285) a 1-bit code `0`, and distance 1 the one
/// distance code, also `0` (RFC 1951 3.2.7 allows a single distance code of one bit). After a
/// literal 0, each match of 258 zeros at distance 1 is then two zero bits: the stream's body
/// is zero bytes, each four matches, 1,032 bytes inflated.
public enum DeflateBomb {
    /// A stream that inflates to at least `bytes` zero bytes, and what it inflates to exactly.
    public static func stream(inflatingToAtLeast bytes: Int) -> (stream: Data, inflatedBytes: Int) {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(2, count: 2)  // BTYPE: dynamic Huffman codes
        bits.write(286 - 257, count: 5)  // HLIT: literal/length codes 0...285
        bits.write(1 - 1, count: 5)  // HDIST: one distance code
        // HCLEN: all 19 code-length code lengths. 18 would do; the 19th's 3 bits leave the
        // header an even number of bits long, so the 2-bit matches end on a byte boundary.
        bits.write(19 - 4, count: 4)
        // The code-length code: 18 (a run of zeros) 1 bit, lengths 1 and 2 two bits each; in
        // the order RFC 1951 gives.
        let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        let codeLengthLengths = [18: 1, 1: 2, 2: 2]
        for symbol in codeLengthOrder { bits.write(codeLengthLengths[symbol, default: 0], count: 3) }
        // Canonical codes of that code: 18 → 0, 1 → 10, 2 → 11.
        func length(_ value: Int) { bits.writeCode(value == 1 ? 0b10 : 0b11, count: 2) }
        func zeros(_ run: Int) {
            bits.writeCode(0, count: 1)
            bits.write(run - 11, count: 7)
        }
        // Literal/length lengths: 0 → 2, 1...255 none, 256 → 2, 257...284 none, 285 → 1; the
        // distance code 0 → 1.
        length(2); zeros(138); zeros(117); length(2); zeros(28); length(1)
        length(1)
        // Canonical literal/length codes: 285 → 0, 0 → 10, 256 → 11.
        bits.writeCode(0b10, count: 2)  // the literal 0
        var matches = 0
        while !bits.isByteAligned {
            bits.writeCode(0, count: 2)  // length 258, distance 1
            matches += 1
        }
        let matchesPerByte = 4, matchBytes = 258
        let body = max(0, (bytes - 1 - matches * matchBytes + matchesPerByte * matchBytes - 1) / (matchesPerByte * matchBytes))
        var stream = Data(bits.bytes)
        stream.append(Data(count: body))
        var end = BitWriter()
        end.writeCode(0b11, count: 2)  // the end of block
        stream.append(contentsOf: end.bytes)
        return (stream, 1 + (matches + body * matchesPerByte) * matchBytes)
    }
}

/// Bits packed as deflate packs them: from each byte's least significant bit on.
private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 0

    var isByteAligned: Bool { used == 0 }

    /// A number, least significant bit first (deflate's header fields and extra bits).
    mutating func write(_ value: Int, count: Int) {
        for index in 0..<count { append(value >> index & 1) }
    }

    /// A Huffman code, most significant bit first.
    mutating func writeCode(_ code: Int, count: Int) {
        for index in stride(from: count - 1, through: 0, by: -1) { append(code >> index & 1) }
    }

    private mutating func append(_ bit: Int) {
        if used == 0 { bytes.append(0) }
        bytes[bytes.count - 1] |= UInt8(bit) << used
        used = (used + 1) % 8
    }
}
