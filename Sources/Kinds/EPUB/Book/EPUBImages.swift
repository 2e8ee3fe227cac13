import ArchiveKit
import ImageDecoding

/// A book's images, read from its zip by entry name for the image decoders
/// (`ImageBytesSource`): nothing is unpacked to disk.
struct EPUBImages: ImageBytesSource {
    let archive: ZipArchive

    func bytes(ofImage key: String, maximumBytes: Int) throws(ImageBytesError) -> [UInt8] {
        do {
            return try archive.data(ofEntry: key, maximumBytes: maximumBytes)
        } catch {
            throw ImageBytesError(error.description)
        }
    }
}
