import DocumentKit
import ImageDecoding
import Machinery

/// A collection of images, one per page: a folder's, several opened together, one image
/// opened among its folder's, or the pages of an archive (a comic book).
public final class ImageCollection: LoadedDocument {
    /// What the collection is called, for the window title: an archive's own title once its
    /// listing gives one.
    public private(set) var title: String
    /// The images, in order: their files' paths, or in a collection from an archive the
    /// names of its entries, which `imageSource` gives the bytes of. While an archive's pages
    /// are still being put in order on a worker (`isOrderingPages`), only the first; while it
    /// is being listed (`isListing`), none.
    public private(set) var imagePaths: [String]
    /// How many pages: `imagePaths`' count, or while the pages are being put in order, the
    /// count of image entries the archive's directory lists; none while it is being listed.
    public private(set) var pageCount: Int
    /// Whether a worker is still listing the archive (its directory read, its pages counted
    /// and the first found): the collection has no page until the listing arrives through
    /// `MainThreadMailbox` (`receiveListing`), and the layout shows a placeholder page.
    public private(set) var isListing = false
    /// Why the listing refused the archive (no image in it, a broken directory).
    public private(set) var listingFailure: DocumentError?
    private let listing: ImageArchiveListingPromise?
    private var listingObservers: [() -> Void] = []
    /// Whether the pages after the first are still being put in order on a worker: they
    /// arrive through `MainThreadMailbox` (`receivePageOrder`), and show placeholders until then.
    public private(set) var isOrderingPages = false
    private var pageOrderObservers: [() -> Void] = []
    /// Where the images' bytes come from when they are an archive's entries; nil for files.
    public let imageSource: (any ImageBytesSource)?
    /// The archive the images are read from; nil for files.
    public let archivePath: String?
    /// Whether the pages go from right to left, as a manga's: the first page at the right,
    /// the next one to its left.
    public private(set) var readsRightToLeft: Bool
    /// The page to open at: the image that was opened alone, within its folder's collection.
    public let startPage: Int
    /// Whether the reader opened one image, shown at `startPage` among its folder's, rather
    /// than a folder whose reading position is worth returning to.
    public let opensAtItem: Bool

    /// A collection of the images at `imagePaths`, opening at `startPage`.
    public init(title: String, imagePaths: [String], startPage: Int = 0, opensAtItem: Bool = false) {
        self.title = title
        self.imagePaths = imagePaths
        pageCount = imagePaths.count
        self.startPage = imagePaths.indices.contains(startPage) ? startPage : 0
        self.opensAtItem = opensAtItem
        imageSource = nil
        archivePath = nil
        readsRightToLeft = false
        listing = nil
    }

    /// The pages of the archive at `archivePath`: the entries `pageNames`, in order, whose
    /// bytes `pages` gives.
    public init(title: String, archivePath: String, pageNames: [String], pages: any ImageBytesSource,
                readsRightToLeft: Bool = false) {
        self.title = title
        imagePaths = pageNames
        pageCount = pageNames.count
        imageSource = pages
        self.archivePath = archivePath
        self.readsRightToLeft = readsRightToLeft
        startPage = 0
        opensAtItem = false
        listing = nil
    }

    /// The pages of the archive at `archivePath` as `listing` finds them, their bytes from
    /// `pages`: none until it ends (`isListing`; a worker lists a long directory, and the
    /// mailbox brings `receiveListing`), then the first page and the count of image entries
    /// while the pages are put in order (`isOrderingPages`), whose order arrives through
    /// `receivePageOrder`. Until the listing gives the archive's title, the file's name. A
    /// listing made already is taken at once; one still running arrives only through
    /// `receiveListing`, never while the collection is being made.
    public init(archivePath: String, pages: any ImageBytesSource, listing: ImageArchiveListingPromise) {
        title = FilePath.name(of: archivePath)
        imagePaths = []
        pageCount = 0
        imageSource = pages
        self.archivePath = archivePath
        readsRightToLeft = false
        startPage = 0
        opensAtItem = false
        self.listing = listing
        isListing = true
    }

    /// On the loop: the listing, once it has ended (nothing before): the first page, the page
    /// count, the title and the direction, or the refusal; the layouts are told.
    public func receiveListing() {
        guard isListing, let outcome = listing?.value else { return }
        isListing = false
        switch outcome {
        case .success(let listed):
            title = listed.title ?? title
            readsRightToLeft = listed.readsRightToLeft
            imagePaths = [listed.firstPageName]
            pageCount = max(listed.pageCount, 1)
            isOrderingPages = true
        case .failure(let error):
            listingFailure = error
        }
        for observer in listingObservers { observer() }
    }

    /// `observer` is called on the loop when the listing arrives.
    public func observeListing(_ observer: @escaping () -> Void) {
        listingObservers.append(observer)
    }

    /// Waits for the listing (tools and tests; the loop's frames never wait) and takes it,
    /// throwing its refusal.
    public func waitUntilOpened() throws(DocumentError) {
        if isListing, let listing {
            _ = listing.wait()
            receiveListing()
        }
        if let listingFailure { throw listingFailure }
    }

    /// The image of page `page` (from 0): nil for one out of range, or not known while the
    /// pages are being put in order.
    public func imagePath(atPage page: Int) -> String? {
        guard page >= 0, page < pageCount, imagePaths.indices.contains(page) else { return nil }
        return imagePaths[page]
    }

    /// On the loop: the pages in order, made on a worker. The count becomes theirs (an
    /// entry name served twice was counted twice before), and the layouts are told.
    public func receivePageOrder(_ names: [String]) {
        guard isOrderingPages, !names.isEmpty else { return }
        imagePaths = names
        pageCount = names.count
        isOrderingPages = false
        for observer in pageOrderObservers { observer() }
    }

    /// `observer` is called on the loop when the page order arrives.
    public func observePageOrder(_ observer: @escaping () -> Void) {
        pageOrderObservers.append(observer)
    }

    /// The images of the folder at `path`, in order.
    public convenience init(folder path: String) throws(DocumentError) {
        self.init(title: FilePath.name(of: path), imagePaths: try ImageDirectory.imagePaths(in: path))
    }

    /// One image opened on its own: its folder's images as the collection, at that image (as
    /// Loupe does), so the next and previous pictures are a swipe away.
    public convenience init(openingImageAt path: String) {
        let folder = ImageDirectory.collection(openingImageAt: path)
        self.init(title: FilePath.name(of: path), imagePaths: folder.paths, startPage: folder.index, opensAtItem: true)
    }

    /// The archive, or the one image's file when the collection is one image (nil for several).
    public var path: String? { archivePath ?? (imagePaths.count == 1 ? imagePaths[0] : nil) }

    public var isReloadable: Bool { false }

    public var isPagedByDefault: Bool { true }

    public var hasOutline: Bool { false }

    /// Image files join a strip of several files; an archive's pages are no files of their own.
    public var joinsStrips: Bool { archivePath == nil }

    public func makeLayout(palette: Palette, paged: Bool) -> any DocumentContent {
        ImageCollectionLayout(collection: self, palette: palette)
    }
}
