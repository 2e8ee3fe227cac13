/// RAR 5 archives of stored (uncompressed) files, written by hand: no free tool writes RAR,
/// and a stored file is all a reader's test needs. The layout is RARLAB's "RAR 5.0 archive
/// format" (rarlab.com/technote.htm): the signature, a main archive header, one file header
/// and its data per file, and the end of archive header; each header is its CRC32, its size
/// and its fields as variable-length integers.
public enum StoredRAR5Writer {
    public static func archive(_ files: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var archive: [UInt8] = [0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x01, 0x00]
        // Main archive header: type 1, no header flags, no archive flags.
        archive += header(type: 1, flags: 0, fields: vint(0))
        for file in files {
            let name = Array(file.name.utf8)
            // File flags 0x4: the data's CRC32 follows; the attributes a Unix mode (a regular
            // file's, which readers take the entry's type from); compression 0: version 0,
            // stored; host OS 1: Unix; no extra area.
            var fields = vint(0x4) + vint(file.bytes.count) + vint(0o100644) + ArchiveBytes.littleEndian(ArchiveBytes.crc32(file.bytes))
            fields += vint(0) + vint(1) + vint(name.count) + name
            // Header flag 0x2: a data area follows, its size after the flags.
            archive += header(type: 2, flags: 0x2, dataSize: file.bytes.count, fields: fields) + file.bytes
        }
        // End of archive header: type 5, no flags, not the last volume.
        archive += header(type: 5, flags: 0, fields: vint(0))
        return archive
    }

    private static func header(type: Int, flags: Int, dataSize: Int? = nil, fields: [UInt8]) -> [UInt8] {
        let body = vint(type) + vint(flags) + (dataSize.map(vint) ?? []) + fields
        let sized = vint(body.count) + body
        return ArchiveBytes.littleEndian(ArchiveBytes.crc32(sized)) + sized
    }

    /// RAR 5's vint: seven bits a byte, least significant first, the high bit set on all but the last.
    private static func vint(_ value: Int) -> [UInt8] {
        var value = value, bytes: [UInt8] = []
        repeat {
            bytes.append(UInt8(value & 0x7F) | (value >= 0x80 ? 0x80 : 0))
            value >>= 7
        } while value > 0
        return bytes
    }
}
