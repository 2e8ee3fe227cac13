/// What `glide-image-decoder` writes on its standard output, read by `ImageDecoderProcess`:
/// records of a one-byte tag and native-endian 32-bit fields.
///
/// - `S` width, height, scalable (one byte): the image's own size, as soon as the header is read;
/// - `P` width, height, then width×height premultiplied ARGB32 pixels (cairo's format), rows
///   top to bottom, no padding;
/// - `E` length, then that many bytes of UTF-8: why the image cannot be shown.
enum ImageDecoderWire {
    static let sizeTag = UInt8(ascii: "S")
    static let pixelsTag = UInt8(ascii: "P")
    static let errorTag = UInt8(ascii: "E")
    /// The tag and two 32-bit fields.
    static let headerBytes = 9
    /// A size record: the header and the scalable flag.
    static let sizeRecordBytes = headerBytes + 1

    static func header(_ tag: UInt8, _ first: UInt32, _ second: UInt32) -> [UInt8] {
        [tag] + withUnsafeBytes(of: first) { Array($0) } + withUnsafeBytes(of: second) { Array($0) }
    }

    /// The two fields of the record header at `offset`.
    static func fields(of bytes: [UInt8], at offset: Int) -> (UInt32, UInt32) {
        bytes.withUnsafeBytes { raw in
            (raw.loadUnaligned(fromByteOffset: offset + 1, as: UInt32.self),
             raw.loadUnaligned(fromByteOffset: offset + 5, as: UInt32.self))
        }
    }
}
