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

    /// Opening reads on the loop only what is bounded, and lists the rest on a worker while the
    /// first frame shows a placeholder page. A zip opens with only its end record read
    /// (`ZipFile`); a short directory is listed at once (`ComicListing`: the page count, the
    /// first page and ComicInfo), a long one on a worker. A RAR, 7z or tar, which has no
    /// directory, has its first headers listed within a budget (`streamedHeadersListedAtOpen`,
    /// `streamedBytesReadAtOpen`), and its ComicInfo read within it too; one that does not fit
    /// is listed on a worker. Either way the pages are put in order on a worker after that,
    /// arriving through the mailbox.
    public static func open(path: String, source: SourceBytes) throws(DocumentError) -> any LoadedDocument {
        guard case .archive(let format) = FileFormat.recognise(head: source.head(FileFormat.sniffedBytes), path: path) else {
            throw .unsupportedFormat(path: path, name: "binary")
        }
        let listed: Listed
        do {
            listed = format == "ZIP" ? try openZip(path: path) : try openStreamed(path: path)
        } catch {
            throw error.documentError(path: path)
        }
        switch listed {
        case .atOnce(let listing):
            // Known at open: an archive without an image is refused before any window.
            if case .failure(let error) = listing { throw error }
            return collection(path: path, listing: .fulfilled(listing), listedAtOnce: true)
        case .onAWorker(let promise):
            return collection(path: path, listing: promise, listedAtOnce: false)
        }
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

    /// The most headers of a RAR, 7z or tar listed on the loop while it opens: 32, a single
    /// issue of 20 to 30 pages and its ComicInfo. A tar's header costs about 15,000
    /// instructions to list (callgrind, `glide-bench first-frame comic-10000-cbt`: libarchive's
    /// pax parsing 10,000 of them), seven times a zip's directory entry, so this lists fewer
    /// than a zip's `directoryBytesListedAtOpen`: the 33 headers a longer archive reads before
    /// it is left to a worker keep its first frame within 1.5× a 10-page one's
    /// (`first-frame comic-10-cbt`). One more header than this, and the archive is listed on a
    /// worker from the front. Such an archive without an image is refused before any window
    /// opens; a longer one when its listing ends, as a long zip is.
    static let streamedHeadersListedAtOpen = 32

    /// The most bytes of a RAR, 7z or tar read on the loop while it opens, for its headers and
    /// again for its ComicInfo: 256 KB. A tar's 32 headers read 4 KB each
    /// (`StreamedArchive.listingBlockBytes`), their pages skipped with seeks; a 7z's header
    /// block for 32 entries is under 2 KB. The budget is what bounds a solid RAR, which
    /// unpacks its entries to skip them, and a 7z whose header block lists thousands.
    static let streamedBytesReadAtOpen = 256 << 10

    /// A listing made on the loop as the comic opens, or one a worker is making.
    private enum Listed {
        case atOnce(Result<any ImageArchiveListing, DocumentError>)
        case onAWorker(ImageArchiveListingPromise)
    }

    /// A zip's listing: made at once for a short directory, by a worker for a long one.
    private static func openZip(path: String) throws(ArchiveError) -> Listed {
        let file = try ZipFile(path: path)
        guard file.directoryBytes <= directoryBytesListedAtOpen else {
            return .onAWorker(WorkQueue.shared.promise { ComicListing.list(file) })
        }
        return .atOnce(ComicListing.list(file))
    }

    /// A RAR's, 7z's or tar's listing: made at once when its headers and ComicInfo fit the
    /// budget, by a worker when they do not.
    private static func openStreamed(path: String) throws(ArchiveError) -> Listed {
        let file = try StreamedArchiveFile(path: path)
        guard let archive = try StreamedArchive(file: file, readingAtMostBytes: streamedBytesReadAtOpen,
                                                headers: streamedHeadersListedAtOpen) else {
            return .onAWorker(WorkQueue.shared.promise { ComicListing.list(file) })
        }
        let streamed = ComicListing.Archive.streamed(archive)
        guard let listed = ComicListing.list(streamed, path: path, readingAtMostBytes: streamedBytesReadAtOpen) else {
            return .onAWorker(WorkQueue.shared.promise { ComicListing.list(streamed, path: path)! })
        }
        return .atOnce(listed)
    }

    /// The collection of the comic at `path` as `listing` finds it: taken at once when
    /// `listedAtOnce`, else when the mailbox brings it (never during the open, however fast
    /// the worker); its pages put in order on a worker after that.
    private static func collection(path: String, listing: ImageArchiveListingPromise, listedAtOnce: Bool) -> ImageCollection {
        let collection = ImageCollection(archivePath: path, pages: ComicPages(listing: listing), listing: listing)
        if listedAtOnce { collection.receiveListing() }
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
                guard case .success(let listed) = outcome, let comic = listed as? ComicListing else { return }
                WorkQueue.shared.submit(priority: .immediate) { _ in
                    let order = ComicPageOrder.pages(among: comic.entryNames)
                    MainThreadMailbox.shared.post { owner.object?.receivePageOrder(order) }
                }
            }
        }
        return collection
    }
}
