import ArchiveKit
import DocumentKit
import ImageKind

/// What a zip comic's first frames need, read from its central directory: the zip indexed,
/// its pages counted and its first found (`ComicPageScan`), its `ComicInfo.xml` read. The
/// directory grows with the pages (66 bytes and a name each), so a long one is listed on a
/// worker while the first frame shows a placeholder (`ComicKind`).
struct ZipComicListing: ImageArchiveListing {
    let zip: ZipArchive
    let pageCount: Int
    /// The first page's served name and its entry's position in the archive.
    let firstPage: (name: String, position: Int)
    let info: ComicInfo?

    var title: String? { info?.title }
    var readsRightToLeft: Bool { info?.readsRightToLeft ?? false }
    var firstPageName: String { firstPage.name }

    /// Lists the zip `file`: its directory read and scanned, its ComicInfo read. A broken
    /// directory, or one with no image, is the comic's refusal.
    static func list(_ file: ZipFile) -> Result<any ImageArchiveListing, DocumentError> {
        let zip: ZipArchive
        do {
            zip = try ZipArchive(file: file)
        } catch {
            return .failure(error.documentError(path: file.path))
        }
        let scan = ComicPageScan(zip)
        guard let first = scan.firstPage else { return .failure(.noImages(directory: file.path)) }
        let info = scan.comicInfoPosition
            .flatMap { try? zip.data(ofEntryAt: $0, maximumBytes: ComicInfo.maximumBytes) }
            .flatMap(ComicInfo.init(bytes:))
        return .success(ZipComicListing(zip: zip, pageCount: scan.pageCount, firstPage: first, info: info))
    }
}
