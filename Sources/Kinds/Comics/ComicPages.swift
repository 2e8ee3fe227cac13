import ArchiveKit
import ImageDecoding
import ImageKind

/// A comic's archive, for the image decoders (`ImageBytesSource`): its entries by name,
/// inflated or unpacked from the archive in place when a page is decoded, on a decoding
/// thread. A zip is read entry by entry through its central directory; RAR, 7z and tar
/// front to back (`StreamedArchive`).
struct ComicPages: ImageBytesSource {
    enum Archive: Sendable {
        /// A zip as its listing finds it (`ZipComicListing`): a page is asked for only once
        /// the listing has named it, so a decode never waits for it.
        case zip(ImageArchiveListingPromise)
        case streamed(StreamedArchive)
    }

    let archive: Archive

    init(zip listing: ImageArchiveListingPromise) {
        archive = .zip(listing)
    }

    init(streamed: StreamedArchive) {
        archive = .streamed(streamed)
    }

    /// The served entry names of a streamed archive, in the archive's order.
    var streamedEntryNames: [String] {
        guard case .streamed(let streamed) = archive else { return [] }
        return streamed.entries.map(\.name)
    }

    func data(ofEntry name: String, maximumBytes: Int) throws(ArchiveError) -> [UInt8] {
        switch archive {
        case .zip(let listing):
            guard case .success(let listed) = listing.wait(), let comic = listed as? ZipComicListing else {
                throw .missingEntry(name: name)
            }
            // The first page is read by its position: its decode, asked for by the first frame
            // that has it, does not wait for the zip's index of names, which the worker
            // ordering the pages makes meanwhile.
            if comic.firstPage.name == name {
                return try comic.zip.data(ofEntryAt: comic.firstPage.position, maximumBytes: maximumBytes)
            }
            return try comic.zip.data(ofEntry: name, maximumBytes: maximumBytes)
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
