import CCairo
import DocumentKit
import ImageDecoding
import Machinery
import PageKit

/// An image collection's pages as the paged layout asks for them (`PageSource`): one image a
/// page (a folder's files, a comic's or a TIFF's entries), its size in px as its page size, and
/// its pixels from the image decoder processes (through `ImageStore`'s budgets), which are
/// these pages' renderers.
///
/// A page's size is learned with its preview: the first decode of a page the layout measures
/// is small (`previewSidePixels`) and reports the image's size from its header first. Sharp
/// pieces are decoded at the scale asked for (a vector image rendered at it, a raster scaled to
/// it, never past its own pixels or `ImageStore.maximumDecodedSidePixels`) and cut into the
/// scheduler's pieces on the decoding thread. At most `maximumRunningDecodes` run at once, the
/// pages measured first, then what the layout wants, most wanted first; what it no longer
/// wants is dropped before it starts.
public final class ImagePages: PageSource {
    public let collection: ImageCollection
    /// Decodes the images, within its budgets; keeps no page's pixels (the scheduler does).
    public let images: ImageStore
    private var delivery: PageSourceDelivery?

    /// A decode: a page's preview (its size with it) when `scale` is nil, else its pixels at
    /// a sharp scale; as night pages (lightness inverted by the decoder) when `invertsLightness`.
    private struct Decode: Hashable {
        var page: Int
        var scale: Double?
        var invertsLightness = false
    }

    /// Pages whose size the layout asked for, in order: their previews come before anything.
    private var measuring: [Int] = []
    /// What the layout wants, most wanted first, and the pieces each sharp decode is for.
    private var wanted: [Decode] = []
    private var wantedPieces: [Decode: [PagePieceKey]] = [:]
    private var running: Set<Decode> = []
    /// Each page's size in px (upright), whether it is a vector image, or why it cannot be read.
    private var sizes: [Int: ImageSize] = [:]
    private var scalable: Set<Int> = []
    private var unreadable: [Int: String] = [:]
    public private(set) var renderedJobCount = 0
    /// Whether pages are decoded as night pages, as the layout last asked (`request`).
    private var invertsLightness = false

    /// Decodes at once: the store's two, so a page and its neighbour decode together on a
    /// two-core laptop without starving the frame loop of a core.
    static let maximumRunningDecodes = 2
    /// Pages waiting to be measured, at most: those a paged view measures at once (the page on
    /// screen, or two while a swipe shows both, and one on each side).
    static let maximumMeasuredPages = 4
    /// The longer side of a page's preview in px: a preview a little sharper than a document
    /// page's 240 px width (`PagePreviewScale`), as a picture is often seen whole.
    static let previewSidePixels = 320

    /// `images`: the store the pages are decoded by; by default one reading the collection's
    /// files, or its archive's entries.
    public init(collection: ImageCollection, images: ImageStore? = nil) {
        self.collection = collection
        self.images = images ?? ImageStore(bytesSource: collection.imageSource)
    }

    /// Nothing while the archive is being listed; then its pages, or its refusal.
    public var opening: PageSourceOpening? {
        if collection.isListing { return nil }
        if let failure = collection.listingFailure { return .failure(failure) }
        return .pages(count: collection.pageCount, firstPageSize: nil)
    }

    public func start(reporting delivery: PageSourceDelivery) {
        self.delivery = delivery
        collection.observeListing { [weak self] in
            guard let self, let opening else { return }
            self.delivery?.opened(opening)
        }
        // The pages' order arriving can change their count too (a name served twice).
        collection.observePageOrder { [weak self] in
            guard let self else { return }
            self.delivery?.recounted(collection.pageCount)
        }
    }

    public var style: PageStyle { .picture }

    public var readsRightToLeft: Bool { collection.readsRightToLeft }

    /// The image's file name (or entry's), for the page label and a screen reader.
    public func title(ofPage page: Int) -> String? {
        collection.imagePath(atPage: page).map { FilePath.name(of: $0) }
    }

    /// Whether the archive is still being listed or its pages put in order on a worker, or an
    /// image asked for is still being decoded: a program that draws once (the thumbnailer)
    /// waits for it rather than taking a slow decoder's start-up for a quiet spell.
    public var isReadingContent: Bool { collection.isListing || collection.isOrderingPages || images.isDecoding }

    public var text: (any PageTextSource)? { nil }

    public func loadOutlineRows(_ rows: @escaping ([PageOutlineSource.Row]) -> Void) {
        rows([])
    }

    public func stop() {}

    /// A page's size once its decoder has read it; asking starts its preview's decode.
    public func readSize(ofPage page: Int) -> PageSizeReading? {
        if let size = sizes[page] { return .size(ImagePages.points(size)) }
        if let reason = unreadable[page] { return .unreadable(reason) }
        guard collection.imagePath(atPage: page) != nil else { return nil }
        if !measuring.contains(page), !running.contains(Decode(page: page, scale: nil, invertsLightness: invertsLightness)) {
            measuring.append(page)
            // Pages the view has left behind are dropped before their decode starts.
            if measuring.count > ImagePages.maximumMeasuredPages { measuring.removeFirst(measuring.count - ImagePages.maximumMeasuredPages) }
            startDecodes()
        }
        return nil
    }

    public func request(_ jobs: [PageRenderJob], invertsLightness: Bool, pointSize: (Int) -> PagePointSize) {
        self.invertsLightness = invertsLightness
        wanted = []
        wantedPieces = [:]
        for job in jobs {
            let decode: Decode
            switch job {
            case .preview(let page):
                decode = Decode(page: page, scale: nil, invertsLightness: invertsLightness)
            case .piece(let key):
                decode = Decode(page: key.page, scale: key.scale, invertsLightness: invertsLightness)
                wantedPieces[decode, default: []].append(key)
            }
            if !running.contains(decode), !wanted.contains(decode) { wanted.append(decode) }
        }
        startDecodes()
    }

    // MARK: Decoding

    private func startDecodes() {
        while running.count < ImagePages.maximumRunningDecodes, let next = nextDecode() {
            running.insert(next)
            start(next)
        }
    }

    private func nextDecode() -> Decode? {
        while !measuring.isEmpty {
            let page = measuring.removeFirst()
            let decode = Decode(page: page, scale: nil, invertsLightness: invertsLightness)
            if !running.contains(decode), sizes[page] == nil, unreadable[page] == nil { return decode }
        }
        while !wanted.isEmpty {
            let decode = wanted.removeFirst()
            if !running.contains(decode) { return decode }
        }
        return nil
    }

    private func start(_ decode: Decode) {
        guard let path = collection.imagePath(atPage: decode.page) else {
            running.remove(decode)
            return
        }
        let inverts = decode.invertsLightness
        guard let scale = decode.scale, let size = sizes[decode.page] else {
            return images.decode(path, maximumSidePixels: ImagePages.previewSidePixels, invertsLightness: inverts,
                                 making: { ImagePages.copy($0, invertsLightness: inverts) }) { [weak self] report in
                self?.receivePreview(report, of: decode)
            }
        }
        let grid = PagePieceGrid(pageWidthPoints: Double(size.width), pageHeightPoints: Double(size.height), scale: scale)
        let keys = wantedPieces[decode] ?? []
        let rects = keys.map { grid.rect(column: $0.column, row: $0.row) }
        let pageWidth = grid.pageWidth, pageHeight = grid.pageHeight
        images.decode(path, target: target(pageWidth: pageWidth, pageHeight: pageHeight, of: decode.page),
                      invertsLightness: inverts, making: { image in
            zip(keys, rects).compactMap { key, rect -> (PagePieceKey, PagePixels)? in
                ImagePages.cut(image, pageWidth: pageWidth, pageHeight: pageHeight, rect: rect, invertsLightness: inverts)
                    .map { (key, $0) }
            }
        }) { [weak self] report in
            self?.receivePieces(report, of: decode)
        }
    }

    /// The size to decode at for a page `pageWidth`×`pageHeight` device px: a vector image at
    /// it (within `ImageStore.maximumRenderedPixels`), a raster at most at its own size (nil:
    /// its own size, within `ImageStore.maximumDecodedSidePixels`), stretched beyond.
    private func target(pageWidth: Int, pageHeight: Int, of page: Int) -> ImageSize? {
        guard let size = sizes[page] else { return nil }
        if scalable.contains(page) {
            let shrink = min(1, (Double(images.maximumRenderedPixels) / Double(max(pageWidth * pageHeight, 1))).squareRoot())
            return ImageSize(width: max(Int((Double(pageWidth) * shrink).rounded()), 1),
                             height: max(Int((Double(pageHeight) * shrink).rounded()), 1))
        }
        return pageWidth < size.width ? ImageSize(width: pageWidth, height: pageHeight) : nil
    }

    private func receivePreview(_ report: ImageDecodeReport<PagePixels?>, of decode: Decode) {
        let page = decode.page
        switch report {
        case .size(let size, let isScalable):
            guard sizes[page] == nil else { return }
            sizes[page] = size
            if isScalable { scalable.insert(page) }
            deliver(size: .size(ImagePages.points(size)), ofPage: page)
            return
        case .made(let pixels, let width, let height):
            if let size = sizes[page], ImagePages.isTurned(size, asDecoded: width, height) {
                // The decoder turned the pixels upright as the EXIF orientation said.
                sizes[page] = ImageSize(width: size.height, height: size.width)
                deliver(size: .size(ImagePages.points(sizes[page]!)), ofPage: page)
            } else if sizes[page] == nil {
                sizes[page] = ImageSize(width: width, height: height)
                deliver(size: .size(ImagePages.points(sizes[page]!)), ofPage: page)
            }
            deliver(PageRenderResult(job: .preview(page: page), pixels: pixels), of: decode)
        case .failure(let reason):
            if sizes[page] == nil || unreadable[page] != nil {
                unreadable[page] = reason
                deliver(size: .unreadable(reason), ofPage: page)
            } else {
                deliver(PageRenderResult(job: .preview(page: page), failure: reason), of: decode)
            }
        }
        finish(decode)
    }

    private func receivePieces(_ report: ImageDecodeReport<[(PagePieceKey, PagePixels)]>, of decode: Decode) {
        switch report {
        case .size:
            return
        case .made(let pieces, _, _):
            for (key, pixels) in pieces { deliver(PageRenderResult(job: .piece(key), pixels: pixels), of: decode) }
        case .failure(let reason):
            deliver(PageRenderResult(job: .piece(PagePieceKey(page: decode.page, scale: decode.scale ?? 1, column: 0, row: 0)),
                                     failure: reason), of: decode)
        }
        finish(decode)
    }

    private func finish(_ decode: Decode) {
        running.remove(decode)
        startDecodes()
    }

    private func deliver(size: PageSizeReading, ofPage page: Int) {
        delivery?.sizes(PageSizes(sizes: [(page, size)], labels: nil))
    }

    /// `result` of `decode`, in the style it was decoded in (the scheduler drops pixels of the
    /// style no longer asked for).
    private func deliver(_ result: PageRenderResult, of decode: Decode) {
        var result = result
        result.invertsLightness = decode.invertsLightness
        renderedJobCount += 1
        delivery?.rendered(result)
    }

    /// An image's size as a page's: one point a px.
    private static func points(_ size: ImageSize) -> PagePointSize {
        (Double(max(size.width, 1)), Double(max(size.height, 1)))
    }

    /// Whether pixels decoded `width`×`height` are the image of `size` turned a quarter.
    private static func isTurned(_ size: ImageSize, asDecoded width: Int, _ height: Int) -> Bool {
        (size.width > size.height) != (width > height) && width != height && size.width != size.height
    }

    // MARK: On the decoding thread

    /// The decoded image whole, as a preview.
    private static func copy(_ image: DecodedImage, invertsLightness: Bool) -> PagePixels? {
        cut(image, pageWidth: image.width, pageHeight: image.height, rect: (0, 0, image.width, image.height),
            invertsLightness: invertsLightness)
    }

    /// The piece `rect` of the image drawn `pageWidth`×`pageHeight` device px, marked as night
    /// pages when the decoder inverted them (`invertsLightness`); nil if cairo cannot allocate it.
    private static func cut(_ image: DecodedImage, pageWidth: Int, pageHeight: Int,
                            rect: (x: Int, y: Int, width: Int, height: Int), invertsLightness: Bool) -> PagePixels? {
        guard rect.width > 0, rect.height > 0,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(rect.width), Int32(rect.height))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cairo = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_translate(cairo, Double(-rect.x), Double(-rect.y))
        image.draw(x: 0, y: 0, width: Double(pageWidth), height: Double(pageHeight), on: cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        return PagePixels(surface: surface, width: rect.width, height: rect.height, invertsLightness: invertsLightness)
    }
}
