import ArchiveKit
import ImageDecoding

/// A comic's archive, for the image decoders (`ImageBytesSource`): its entries by name,
/// inflated or unpacked from the archive in place when a page is decoded, on a decoding
/// thread. A zip is read entry by entry through its central directory; RAR, 7z and tar
/// front to back (`StreamedArchive`).
struct ComicPages: ImageBytesSource {
    enum Archive: Sendable {
        case zip(ZipArchive)
        case streamed(StreamedArchive)
    }

    let archive: Archive
    /// A zip's first page, read by its position: its decode, asked for by the first frame,
    /// does not wait for the zip's index of names, which the worker ordering the pages makes
    /// meanwhile.
    var firstPage: (name: String, position: Int)?

    init(archive: Archive, firstPage: (name: String, position: Int)? = nil) {
        self.archive = archive
        self.firstPage = firstPage
    }

    /// The served entry names, in the archive's order.
    var entryNames: [String] {
        switch archive {
        case .zip(let zip): zip.entryNames
        case .streamed(let streamed): streamed.entries.map(\.name)
        }
    }

    func data(ofEntry name: String, maximumBytes: Int) throws(ArchiveError) -> [UInt8] {
        switch archive {
        case .zip(let zip):
            if let firstPage, firstPage.name == name { return try zip.data(ofEntryAt: firstPage.position, maximumBytes: maximumBytes) }
            return try zip.data(ofEntry: name, maximumBytes: maximumBytes)
        case .streamed(let streamed): return try streamed.data(ofEntry: name, maximumBytes: maximumBytes)
        }
    }

    func bytes(ofImage key: String, maximumBytes: Int) throws(ImageBytesError) -> [UInt8] {
        do {
            return try data(ofEntry: key, maximumBytes: maximumBytes)
        } catch {
            throw ImageBytesError(error.description)
        }
    }
}
