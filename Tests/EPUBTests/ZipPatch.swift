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
