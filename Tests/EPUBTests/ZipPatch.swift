import ArchiveFixtures
import Foundation

/// Changes to zips already written, for the hostile ones libarchive's writer would not make.
enum ZipPatch {
    /// Every offset where `pattern` starts in `data`.
    static func offsets(of pattern: [UInt8], in data: Data) -> [Int] {
        let bytes = [UInt8](data)
        guard bytes.count >= pattern.count else { return [] }
        var found: [Int] = []
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if bytes[start..<start + pattern.count].elementsEqual(pattern) { found.append(start) }
        }
        return found
    }

    /// Makes the central directory claim `size` uncompressed bytes for `name` (the local
    /// header, with its data descriptor, is left as written).
    static func setUncompressedSizeInDirectory(of name: String, to size: UInt32, inFileAt path: String) throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        let signature: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
        let nameBytes = Array(name.utf8)
        guard let record = offsets(of: signature, in: data).first(where: { offset in
            offset + 46 + nameBytes.count <= data.count && Array(data[offset + 46..<offset + 46 + nameBytes.count]) == nameBytes
        }) else { throw ArchiveWriterError("no directory record for \(name)") }
        for index in 0..<4 { data[record + 24 + index] = UInt8(truncatingIfNeeded: size >> (8 * UInt32(index))) }
        try data.write(to: URL(fileURLWithPath: path))
    }
}

/// The process's peak resident memory (getrusage's ru_maxrss).
enum ResidentMemory {
    static func peakBytes() -> Int {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
    }
}

/// Zips made byte by byte (APPNOTE.TXT), for structures libarchive's writer only makes past
/// 4 GB.
enum HandWrittenZip {
    /// One stored entry whose directory record keeps its sizes and offset in the zip64 extra
    /// field, with a zip64 end record and locator before the end record.
    static func zip64(name: String, stored content: [UInt8]) -> Data {
        var data = Data()
        func le(_ value: UInt64, _ width: Int) { for index in 0..<width { data.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) } }
        let nameBytes = Array(name.utf8)
        let crc = CRC32.checksum(content)
        // Local header, stored, sizes known.
        le(0x0403_4B50, 4); le(20, 2); le(0, 2); le(0, 2); le(0, 2); le(0x21, 2); le(UInt64(crc), 4)
        le(UInt64(content.count), 4); le(UInt64(content.count), 4); le(UInt64(nameBytes.count), 2); le(0, 2)
        data.append(contentsOf: nameBytes)
        data.append(contentsOf: content)
        let directoryOffset = data.count
        // Directory record: every size and the offset say "see zip64".
        le(0x0201_4B50, 4); le(45, 2); le(45, 2); le(0, 2); le(0, 2); le(0, 2); le(0x21, 2); le(UInt64(crc), 4)
        le(0xFFFF_FFFF, 4); le(0xFFFF_FFFF, 4); le(UInt64(nameBytes.count), 2); le(4 + 24, 2); le(0, 2); le(0, 2)
        le(0, 2); le(0, 4); le(0xFFFF_FFFF, 4)
        data.append(contentsOf: nameBytes)
        le(0x0001, 2); le(24, 2); le(UInt64(content.count), 8); le(UInt64(content.count), 8); le(0, 8)
        let directorySize = data.count - directoryOffset
        let zip64EndOffset = data.count
        le(0x0606_4B50, 4); le(44, 8); le(45, 2); le(45, 2); le(0, 4); le(0, 4); le(1, 8); le(1, 8)
        le(UInt64(directorySize), 8); le(UInt64(directoryOffset), 8)
        le(0x0706_4B50, 4); le(0, 4); le(UInt64(zip64EndOffset), 8); le(1, 4)
        le(0x0605_4B50, 4); le(0, 2); le(0, 2); le(0xFFFF, 2); le(0xFFFF, 2); le(0xFFFF_FFFF, 4); le(0xFFFF_FFFF, 4); le(0, 2)
        return data
    }
}

/// CRC-32 (the zip polynomial, reflected 0xEDB88320).
enum CRC32 {
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
