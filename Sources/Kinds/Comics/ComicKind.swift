import ArchiveKit
import DocumentKit
import ImageKind
import Localization
import Machinery

/// Comic book archives: CBZ (zip), CBR (RAR 4 and 5), CB7 (7z) and CBT (tar), and plain
/// archives of images, recognised by their bytes whatever their names. Their image entries
/// are the pages of an image collection, read from the archive in place when shown.
public enum ComicKind: DocumentKind {
    public static var fileDescription: String {
        localized("a comic book archive (.cbz, .cbr, .cb7, .cbt) or a ZIP, RAR, 7z or tar archive of images")
    }

    /// Every archive `FileFormat` recognises; an EPUB, a zip too, is EPUBKind's, which is
    /// asked first.
    public static func recognises(head: [UInt8], path: String) -> Bool {
        if case .archive = FileFormat.recognise(head: head, path: path) { return true }
        return false
    }

    /// Opening lists the entries (a zip's central directory; the headers of the others, their
    /// data skipped) and reads `ComicInfo.xml`; no page is read until it is shown. A zip opens
    /// with only what its first frame needs (`ComicPageScan`: the page count and the first
    /// page), and its pages are put in order on a worker, arriving through the mailbox.
    public static func open(path: String, source: SourceBytes) throws(DocumentError) -> any LoadedDocument {
        guard case .archive(let format) = FileFormat.recognise(head: source.head(FileFormat.sniffedBytes), path: path) else {
            throw .unsupportedFormat(path: path, name: "binary")
        }
        let collection: ImageCollection?
        do {
            collection = format == "ZIP" ? try openZip(path: path) : try openStreamed(path: path)
        } catch {
            throw error.documentError(path: path)
        }
        guard let collection else { throw .noImages(directory: path) }
        return collection
    }

    /// Nil for an archive with no page.

    private static func openZip(path: String) throws(ArchiveError) -> ImageCollection? {
        let zip = try ZipArchive(path: path)
        let scan = ComicPageScan(zip)
        guard let first = scan.firstPage else { return nil }
        let info = scan.comicInfoPosition
            .flatMap { try? zip.data(ofEntryAt: $0, maximumBytes: ComicInfo.maximumBytes) }
            .flatMap(ComicInfo.init(bytes:))
        let collection = ImageCollection(title: info?.title ?? FilePath.name(of: path), archivePath: path,
                                         firstPageName: first.name, pageCount: scan.pageCount,
                                         pages: ComicPages(archive: .zip(zip), firstPage: first),
                                         readsRightToLeft: info?.readsRightToLeft ?? false)
        // 10,000 names made into Strings, indexed and sorted: tens of ms, kept off the loop, and
        // started from the loop's next deliveries, not now: begun at once, the sort took the
        // core that the first frame was being drawn on (threads of one process share their
        // scheduling group's time), and a 10,000-page comic's first frame took 5 to 8 times a
        // 10-page one's on a loaded machine (glide-bench comics).
        let owner = LoopThreadReference(collection)
        MainThreadMailbox.shared.post {
            guard owner.object != nil else { return }
            WorkQueue.shared.submit(priority: .immediate) { _ in
                let order = ComicPageOrder.pages(among: zip.entryNames)
                MainThreadMailbox.shared.post { owner.object?.receivePageOrder(order) }
            }
        }
        return collection
    }

    /// Nil for an archive with no page.
    private static func openStreamed(path: String) throws(ArchiveError) -> ImageCollection? {
        let pages = ComicPages(archive: .streamed(try StreamedArchive(path: path)))
        let names = pages.entryNames
        let order = ComicPageOrder.pages(among: names)
        guard !order.isEmpty else { return nil }
        let info = ComicInfo.entryName(among: names)
            .flatMap { try? pages.data(ofEntry: $0, maximumBytes: ComicInfo.maximumBytes) }
            .flatMap(ComicInfo.init(bytes:))
        return ImageCollection(title: info?.title ?? FilePath.name(of: path), archivePath: path, pageNames: order,
                               pages: pages, readsRightToLeft: info?.readsRightToLeft ?? false)
    }
}
