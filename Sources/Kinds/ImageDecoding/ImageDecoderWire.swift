import Glibc

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

/// The decoder's output as it arrives, parsed into `ImageDecoderWire` records.
struct ImageDecoderRecordReader {
    static let noRecord = "no record"
    let maximumBytes: Int
    private var bytes: [UInt8] = []
    private var sizeSent = false

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    enum Progress {
        case more
        case ended
        case overflow
    }

    mutating func read(from descriptor: Int32) -> Progress {
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? .more : .ended }
        if count == 0 { return .ended }
        bytes.append(contentsOf: chunk[0..<count])
        return bytes.count > maximumBytes ? .overflow : .more
    }

    /// The size record, once, when it has arrived.
    mutating func takeSize() -> (ImageSize, Bool)? {
        guard !sizeSent, bytes.count >= ImageDecoderWire.sizeRecordBytes, bytes[0] == ImageDecoderWire.sizeTag else { return nil }
        sizeSent = true
        let (width, height) = ImageDecoderWire.fields(of: bytes, at: 0)
        return (ImageSize(width: Int(width), height: Int(height)), bytes[ImageDecoderWire.headerBytes] != 0)
    }

    /// The image or the reason, from everything received.
    var outcome: ImageDecoderProcess.Report {
        var offset = bytes.first == ImageDecoderWire.sizeTag ? ImageDecoderWire.sizeRecordBytes : 0
        guard bytes.count >= offset + ImageDecoderWire.headerBytes else { return .failure(ImageDecoderRecordReader.noRecord) }
        let (first, second) = ImageDecoderWire.fields(of: bytes, at: offset)
        let tag = bytes[offset]
        offset += ImageDecoderWire.headerBytes
        switch tag {
        case ImageDecoderWire.errorTag:
            let end = min(bytes.count, offset + Int(first))
            return .failure(String(decoding: bytes[offset..<end], as: UTF8.self))
        case ImageDecoderWire.pixelsTag:
            let (width, height) = (Int(first), Int(second))
            guard width > 0, height > 0, bytes.count - offset == width * height * 4 else {
                return .failure(ImageDecoderRecordReader.noRecord)
            }
            guard let image = DecodedImage(width: width, height: height, argb: bytes[offset...]) else {
                return .failure("no memory for \(width)×\(height) px")
            }
            return .image(image)
        default:
            return .failure(ImageDecoderRecordReader.noRecord)
        }
    }
}
