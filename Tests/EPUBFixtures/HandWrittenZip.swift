import ArchiveFixtures
import Foundation

/// One entry of a zip written byte by byte (`HandWrittenZip`).
public struct HandWrittenEntry: Sendable {
    public var name: String
    /// The bytes as they lie in the zip: the entry's own, or its deflate stream.
    public var stored: Data
    public var isDeflated: Bool
    public var crc: UInt32
    /// What the entry inflates to.
    public var uncompressedSize: Int
    /// What the central directory claims the entry inflates to (a bomb's lie); nil for the truth.
    public var claimedUncompressedSize: Int?

    /// `entry`'s bytes, stored.
    public init(stored entry: ArchiveEntry) {
        let bytes: [UInt8]
        switch entry.content {
        case .bytes(let content): bytes = content
        case .zeros(let count): bytes = [UInt8](repeating: 0, count: count)
        }
        name = entry.name
        stored = Data(bytes)
        isDeflated = false
        crc = CRC32.checksum(bytes)
        uncompressedSize = bytes.count
    }

    /// A deflate stream that inflates to `uncompressedSize` bytes whose CRC is `crc`.
    public init(name: String, deflated stream: Data, uncompressedSize: Int, crc: UInt32, claimedUncompressedSize: Int? = nil) {
        self.name = name
        stored = stream
        isDeflated = true
        self.crc = crc
        self.uncompressedSize = uncompressedSize
        self.claimedUncompressedSize = claimedUncompressedSize
    }
}

/// Zips made byte by byte (APPNOTE.TXT), for structures libarchive's writer only makes past
/// 4 GB: zip64 directories, and entries larger than the disk the tests have.
public enum HandWrittenZip {
    /// The zip of `entries`, in order. A stored entry's local header holds its sizes; a
    /// deflated one's says they follow the data (general-purpose bit 3), as streaming writers
    /// do, and a data descriptor follows. With `zip64` every directory record keeps its sizes
    /// and offset in the zip64 extra field, and a zip64 end record and its locator come
    /// before the end record: what an entry over 4 GB needs.
    public static func zip(_ entries: [HandWrittenEntry], zip64: Bool = false) -> Data {
        var data = Data()
        func le(_ value: UInt64, _ width: Int) { for index in 0..<width { data.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) } }
        var offsets: [Int] = []
        for entry in entries {
            precondition(zip64 || (entry.claimedUncompressedSize ?? entry.uncompressedSize) <= 0xFFFF_FFFF, "needs zip64")
            offsets.append(data.count)
            let nameBytes = Array(entry.name.utf8)
            let flags: UInt64 = entry.isDeflated ? 0x0008 : 0
            let (crc, compressed, uncompressed) = entry.isDeflated
                ? (0, 0, 0) : (UInt64(entry.crc), UInt64(entry.stored.count), UInt64(entry.uncompressedSize))
            le(0x0403_4B50, 4); le(zip64 ? 45 : 20, 2); le(flags, 2); le(entry.isDeflated ? 8 : 0, 2); le(0, 2); le(0x21, 2)
            le(crc, 4); le(compressed, 4); le(uncompressed, 4); le(UInt64(nameBytes.count), 2); le(0, 2)
            data.append(contentsOf: nameBytes)
            data.append(entry.stored)
            if entry.isDeflated {
                le(0x0807_4B50, 4); le(UInt64(entry.crc), 4)
                le(UInt64(entry.stored.count), 4); le(UInt64(entry.uncompressedSize), 4)
            }
        }
        let directoryOffset = data.count
        for (entry, offset) in Swift.zip(entries, offsets) {
            let nameBytes = Array(entry.name.utf8)
            let claimed = UInt64(entry.claimedUncompressedSize ?? entry.uncompressedSize)
            let sizeField: (UInt64) -> UInt64 = { zip64 ? 0xFFFF_FFFF : $0 }
            le(0x0201_4B50, 4); le(zip64 ? 45 : 20, 2); le(zip64 ? 45 : 20, 2); le(entry.isDeflated ? 0x0008 : 0, 2)
            le(entry.isDeflated ? 8 : 0, 2); le(0, 2); le(0x21, 2); le(UInt64(entry.crc), 4)
            le(sizeField(UInt64(entry.stored.count)), 4); le(sizeField(claimed), 4); le(UInt64(nameBytes.count), 2)
            le(zip64 ? 4 + 24 : 0, 2); le(0, 2); le(0, 2); le(0, 2); le(0, 4); le(sizeField(UInt64(offset)), 4)
            data.append(contentsOf: nameBytes)
            if zip64 { le(0x0001, 2); le(24, 2); le(claimed, 8); le(UInt64(entry.stored.count), 8); le(UInt64(offset), 8) }
        }
        let directorySize = data.count - directoryOffset
        let count = UInt64(entries.count)
        if zip64 {
            let zip64EndOffset = data.count
            le(0x0606_4B50, 4); le(44, 8); le(45, 2); le(45, 2); le(0, 4); le(0, 4); le(count, 8); le(count, 8)
            le(UInt64(directorySize), 8); le(UInt64(directoryOffset), 8)
            le(0x0706_4B50, 4); le(0, 4); le(UInt64(zip64EndOffset), 8); le(1, 4)
            le(0x0605_4B50, 4); le(0, 2); le(0, 2); le(0xFFFF, 2); le(0xFFFF, 2); le(0xFFFF_FFFF, 4); le(0xFFFF_FFFF, 4); le(0, 2)
        } else {
            le(0x0605_4B50, 4); le(0, 2); le(0, 2); le(count, 2); le(count, 2); le(UInt64(directorySize), 4)
            le(UInt64(directoryOffset), 4); le(0, 2)
        }
        return data
    }

    /// One stored entry in a zip64 directory.
    public static func zip64(name: String, stored content: [UInt8]) -> Data {
        zip([HandWrittenEntry(stored: ArchiveEntry(name, bytes: content))], zip64: true)
    }
}

/// CRC-32 (the zip polynomial, reflected 0xEDB88320).
public enum CRC32 {
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
