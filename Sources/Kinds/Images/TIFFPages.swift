import DocumentKit
import Glibc
import ImageDecoding
import Localization
import Machinery

/// A multi-page TIFF's pages for the image decoders (`ImageBytesSource`): page N's bytes are
/// the file's with its header pointing at directory N (`TIFFDirectories.bytes(ofPage:in:)`),
/// decoded in a decoder process as any TIFF is. The file is read on the decoding thread, and
/// never more than the decoder's byte cap.
struct TIFFPages: ImageBytesSource {
    let path: String
    let directories: TIFFDirectories

    /// The key of page `page` (from 0), as the collection names it.
    static func key(ofPage page: Int) -> String { "page \(page + 1)" }

    func bytes(ofImage key: String, maximumBytes: Int) throws(ImageBytesError) -> [UInt8] {
        guard key.hasPrefix("page "), let number = Int(key.dropFirst(5)), number >= 1, number <= directories.offsets.count
        else { throw ImageBytesError(localized("no page '%s' in the TIFF", key)) }
        let file: [UInt8]
        do {
            file = try SourceBytes(path: path).head(maximumBytes + 1)
        } catch {
            throw ImageBytesError(error.description)
        }
        guard file.count <= maximumBytes else {
            throw ImageBytesError(localized("the TIFF is larger than %s MB", LocalizedNumber.string(maximumBytes >> 20)))
        }
        guard let page = directories.bytes(ofPage: number - 1, in: file) else {
            throw ImageBytesError(localized("the TIFF changed since it was opened"))
        }
        return page
    }
}

extension ImageCollection {
    /// The pages of the multi-page TIFF at `path`, one per directory.
    public convenience init(multiPageTIFFAt path: String, directories: TIFFDirectories) {
        self.init(title: FilePath.name(of: path), archivePath: path,
                  pageNames: directories.offsets.indices.map(TIFFPages.key(ofPage:)),
                  pages: TIFFPages(path: path, directories: directories))
    }
}
