import ArchiveKit
import ImageDecoding
import ImageKind

/// A comic's archive, for the image decoders (`ImageBytesSource`): its entries by name,
/// inflated or unpacked from the archive in place when a page is decoded, on a decoding
/// thread. A zip is read entry by entry through its central directory; RAR, 7z and tar
/// front to back (`StreamedArchive`).
struct ComicPages: ImageBytesSource {
    /// The archive as its listing finds it (`ComicListing`): a page is asked for only once
    /// the listing has named it, so a decode never waits for it.
    let listing: ImageArchiveListingPromise

    func data(ofEntry name: String, maximumBytes: Int) throws(ArchiveError) -> [UInt8] {
        guard case .success(let listed) = listing.wait(), let comic = listed as? ComicListing else {
            throw .missingEntry(name: name)
        }
        return try comic.data(ofEntry: name, maximumBytes: maximumBytes)
    }

    func bytes(ofImage key: String, maximumBytes: Int) throws(ImageBytesError) -> [UInt8] {
        do {
            return try data(ofEntry: key, maximumBytes: maximumBytes)
        } catch {
            throw ImageBytesError(error.description)
        }
    }
}
