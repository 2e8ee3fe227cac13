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
    /// with only its end record read on the loop (`ZipFile`): a short directory is listed at
    /// once (`ZipComicListing`: the page count, the first page and ComicInfo), a long one on a
    /// worker while the first frame shows a placeholder page; its pages are put in order on a
    /// worker after that, arriving through the mailbox.
    public static func open(path: String, source: SourceBytes) throws(DocumentError) -> any LoadedDocument {
        guard case .archive(let format) = FileFormat.recognise(head: source.head(FileFormat.sniffedBytes), path: path) else {
            throw .unsupportedFormat(path: path, name: "binary")
        }
        if format == "ZIP" { return try openZip(path: path) }
        let collection: ImageCollection?
        do {
            collection = try openStreamed(path: path)
        } catch {
            throw error.documentError(path: path)
        }
        guard let collection else { throw .noImages(directory: path) }
        return collection
    }

    /// The longest central directory listed on the loop while a zip opens, in bytes: about 60
    /// pages with names of 20 bytes (a directory entry is 46 bytes and its name), a single
    /// issue's 20 to 40 with room to spare. Listing costs about 2,100 instructions an entry
    /// (callgrind, `glide-bench first-frame comic-10000`: the directory read 640, the pages
    /// counted and the first found 1,470), so 60 entries add about a fifth to a 10-page
    /// comic's first frame (630,000, `first-frame comic-10`). Such an archive
    /// without an image is refused before any window opens, as a PDF that poppler is likely
    /// to refuse is (`PDFFile`); a longer one is refused when its listing ends, and the viewer
    /// ends with the one-line reason then.
    static let directoryBytesListedAtOpen = 4 << 10

    private static func openZip(path: String) throws(DocumentError) -> ImageCollection {
        let file: ZipFile
        do {
            file = try ZipFile(path: path)
        } catch {
            throw error.documentError(path: path)
        }
        let listsAtOnce = file.directoryBytes <= directoryBytesListedAtOpen
        let listing: ImageArchiveListingPromise
        if listsAtOnce {
            let listed = ZipComicListing.list(file)
            if case .failure(let error) = listed { throw error }
            listing = .fulfilled(listed)
        } else {
            listing = WorkQueue.shared.promise { ZipComicListing.list(file) }
        }
        let collection = ImageCollection(archivePath: path, pages: ComicPages(zip: listing), listing: listing)
        if listsAtOnce { collection.receiveListing() }
        // The listing reaches the loop between frames; the pages' order is begun from there.
        // 10,000 names made into Strings, indexed and sorted take tens of ms, kept off the
        // loop, and begun from its deliveries, not during the open: begun at once, the sort
        // took the core that the first frame was being drawn on (threads of one process share
        // their scheduling group's time), and a 10,000-page comic's first frame took 5 to 8
        // times a 10-page one's on a loaded machine (glide-bench comics).
        let owner = LoopThreadReference(collection)
        listing.whenDone { outcome in
            MainThreadMailbox.shared.post {
                guard let collection = owner.object else { return }
                collection.receiveListing()
                guard case .success(let listed) = outcome, let zip = (listed as? ZipComicListing)?.zip else { return }
                WorkQueue.shared.submit(priority: .immediate) { _ in
                    let order = ComicPageOrder.pages(among: zip.entryNames)
                    MainThreadMailbox.shared.post { owner.object?.receivePageOrder(order) }
                }
            }
        }
        return collection
    }

    /// Nil for an archive with no page.
    private static func openStreamed(path: String) throws(ArchiveError) -> ImageCollection? {
        let pages = ComicPages(streamed: try StreamedArchive(path: path))
        let names = pages.streamedEntryNames
        let order = ComicPageOrder.pages(among: names)
        guard !order.isEmpty else { return nil }
        let info = ComicInfo.entryName(among: names)
            .flatMap { try? pages.data(ofEntry: $0, maximumBytes: ComicInfo.maximumBytes) }
            .flatMap(ComicInfo.init(bytes:))
        return ImageCollection(title: info?.title ?? FilePath.name(of: path), archivePath: path, pageNames: order,
                               pages: pages, readsRightToLeft: info?.readsRightToLeft ?? false)
    }
}
