/// What archives written byte by byte share: their integers and checksums.
enum ArchiveBytes {
    /// `value`'s bytes, least significant first, as RAR and 7-Zip store integers.
    static func littleEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
        (0..<Value.bitWidth / 8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// CRC-32 (IEEE 802.3, reflected, as zip's, RAR's and 7-Zip's).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
