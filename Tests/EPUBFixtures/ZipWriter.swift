import CArchive
import Foundation

/// One file of a zip the tests, the benchmarks and the demo write.
public struct ZipEntry: Sendable {
    public enum Content: Sendable {
        case bytes([UInt8])
        /// `count` zero bytes, written a megabyte at a time (a zip bomb's entry).
        case zeros(count: Int)
    }

    public var name: String
    public var content: Content
    /// Stored (as EPUB's `mimetype` must be) rather than deflated.
    public var isStored = false

    public init(_ name: String, _ text: String, stored: Bool = false) {
        self.name = name
        content = .bytes(Array(text.utf8))
        isStored = stored
    }

    public init(_ name: String, bytes: [UInt8], stored: Bool = false) {
        self.name = name
        content = .bytes(bytes)
        isStored = stored
    }

    public init(_ name: String, zeros count: Int) {
        self.name = name
        content = .zeros(count: count)
    }

    public var size: Int {
        switch content {
        case .bytes(let bytes): return bytes.count
        case .zeros(let count): return count
        }
    }
}

/// Zips written with libarchive's zip writer, in the order given, names exactly as given
/// (libarchive's writer keeps `../` and leading `/`).
public enum ZipWriter {
    /// With a `passphrase`, every entry is encrypted with it (traditional PKWARE encryption).
    public static func write(_ entries: [ZipEntry], to path: String, compressionLevel: Int? = nil, passphrase: String? = nil) throws {
        guard let archive = archive_write_new() else { throw ZipWriterError("archive_write_new") }
        defer { archive_write_free(archive) }
        try check(archive, archive_write_set_format_zip(archive))
        if let compressionLevel {
            try check(archive, archive_write_set_format_option(archive, "zip", "compression-level", String(compressionLevel)))
        }
        if let passphrase {
            try check(archive, archive_write_set_format_option(archive, "zip", "encryption", "zipcrypt"))
            try check(archive, archive_write_set_passphrase(archive, passphrase))
        }
        try check(archive, archive_write_open_filename(archive, path))
        let megabyte = [UInt8](repeating: 0, count: 1 << 20)
        for entry in entries {
            try check(archive, entry.isStored ? archive_write_zip_set_compression_store(archive)
                                             : archive_write_zip_set_compression_deflate(archive))
            let header = archive_entry_new()
            defer { archive_entry_free(header) }
            archive_entry_set_pathname(header, entry.name)
            archive_entry_set_filetype(header, entry.name.hasSuffix("/") ? 0o040000 : 0o100000)
            archive_entry_set_perm(header, 0o644)
            archive_entry_set_size(header, Int64(entry.name.hasSuffix("/") ? 0 : entry.size))
            archive_entry_set_mtime(header, 1_700_000_000, 0)
            try check(archive, archive_write_header(archive, header))
            switch entry.content {
            case .bytes(let bytes):
                if !bytes.isEmpty {
                    let written = bytes.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, bytes.count) }
                    guard written == bytes.count else { throw ZipWriterError(String(cString: archive_error_string(archive))) }
                }
            case .zeros(let count):
                var remaining = count
                while remaining > 0 {
                    let chunk = min(remaining, megabyte.count)
                    let written = megabyte.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, chunk) }
                    guard written == chunk else { throw ZipWriterError(String(cString: archive_error_string(archive))) }
                    remaining -= chunk
                }
            }
        }
        try check(archive, archive_write_close(archive))
    }

    private static func check(_ archive: OpaquePointer, _ status: Int32) throws {
        guard status == ARCHIVE_OK else {
            throw ZipWriterError(archive_error_string(archive).map { String(cString: $0) } ?? "status \(status)")
        }
    }
}

public struct ZipWriterError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
