/// A 7-Zip archive whose header block is long and damaged, written by hand: a start header
/// that is right (its own CRC matches) and points at a header block of about `headerBytes`
/// whose CRC it gives wrongly. The block is a header with archive properties and nothing
/// else, the properties `headerBytes / 2` empty ones, which a reader walks through before it
/// finds the damage, so a comic's open, which reads a little of an archive on the loop,
/// leaves it to its worker.
public enum DamagedSevenZip {
    public static func archive(headerBytes: Int) -> [UInt8] {
        // kHeader, kArchiveProperties, properties of type 1 and size 0, the properties' end,
        // kEnd, and the kEnd the block ends with.
        let header: [UInt8] = [0x01, 0x02] + Array([[UInt8]](repeating: [0x01, 0x00], count: headerBytes / 2).joined())
            + [0x00, 0x00, 0x00]
        // NextHeaderOffset (from the end of the 32-byte start header), NextHeaderSize, NextHeaderCRC.
        let next = ArchiveBytes.littleEndian(UInt64(0)) + ArchiveBytes.littleEndian(UInt64(header.count))
            + ArchiveBytes.littleEndian(ArchiveBytes.crc32(header) ^ 1)
        let signature: [UInt8] = [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C, 0x00, 0x04]
        return signature + ArchiveBytes.littleEndian(ArchiveBytes.crc32(next)) + next + header
    }
}
