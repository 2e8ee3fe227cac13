/// The text chunks (`tEXt`) of a PNG, read and added byte by byte: where the freedesktop
/// thumbnail specification keeps a thumbnail's `Thumb::URI` and `Thumb::MTime`. cairo writes
/// PNGs without them and reads none, so the chunks are Glide's own (PNG specification, 5.3 and
/// 11.3.4.3: length, type, data, CRC-32 of type and data; keyword, a zero byte, the text).
public enum PNGText {
    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The keywords and texts of the PNG's `tEXt` chunks; nil when `png` is not a PNG whose
    /// chunks hold together.
    public static func texts(in png: [UInt8]) -> [String: String]? {
        guard png.count >= signature.count + 12, Array(png[0..<signature.count]) == signature else { return nil }
        var texts: [String: String] = [:]
        var offset = signature.count
        while offset + 12 <= png.count {
            let length = Int(bigEndian32(png, at: offset))
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let dataStart = offset + 8
            guard length <= png.count - dataStart - 4 else { return nil }
            let data = png[dataStart..<(dataStart + length)]
            if type == "tEXt", let zero = data.firstIndex(of: 0) {
                texts[latin1(data[data.startIndex..<zero])] = latin1(data[(zero + 1)...])
            }
            if type == "IEND" { return texts }
            offset = dataStart + length + 4
        }
        return nil
    }

    /// `png` with `texts` (keyword and text, in order) as `tEXt` chunks after its header
    /// chunk; nil when `png` is not a PNG.
    public static func adding(_ texts: [(keyword: String, text: String)], to png: [UInt8]) -> [UInt8]? {
        guard png.count >= signature.count + 12, Array(png[0..<signature.count]) == signature,
              String(decoding: png[(signature.count + 4)..<(signature.count + 8)], as: UTF8.self) == "IHDR" else { return nil }
        let headerEnd = signature.count + 12 + Int(bigEndian32(png, at: signature.count))
        guard headerEnd <= png.count else { return nil }
        var result = Array(png[0..<headerEnd])
        for (keyword, text) in texts {
            let data = Array(keyword.utf8) + [0] + Array(text.utf8)
            let typed = Array("tEXt".utf8) + data
            result += bytes(of: UInt32(data.count)) + typed + bytes(of: crc32(typed))
        }
        return result + png[headerEnd...]
    }

    /// CRC-32 as PNG computes it (ISO 3309, polynomial 0xEDB88320 reflected).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func bytes(of value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// tEXt is Latin-1; what Glide and GNOME write there (escaped URIs, digits) is ASCII.
    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(bytes.map { Character(Unicode.Scalar($0)) })
    }
}
