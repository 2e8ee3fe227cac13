import CCairo
import CPangoCairo
import DocumentKit
import ImageDecoding
import Localization
import Machinery

/// An image collection laid out as pages side by side, one image per page of the viewport's
/// size, each fitted whole and centred: a landscape scan among portrait ones is one wide page,
/// as wide as the window lets it be. An image that cannot be shown gets a page saying why.
///
/// A collection that reads right to left (a manga) puts its first page at the right: the
/// page at slot `s` from the left is page `pageCount - 1 - s`, so swiping from left to right
/// goes forward. Pages are the collection's (the reading position, a screen reader's
/// sections); the page numbers the viewer asks about (`title(ofPage:)`,
/// `maximumZoomScale(ofPage:)`) are slots, as its pages are offsets.
public final class ImageCollectionLayout: ContentLayout {
    public let collection: ImageCollection
    public let images: ImageStore
    public var palette: Palette {
        didSet {
            guard palette != oldValue else { return }
            // Night pages invert the images where they are decoded (`ImageStore`).
            images.invertsLightness = palette.nightPages
            changeLog.record(.everything)
        }
    }

    /// Room kept clear at the bottom of every page, in logical px: the band the page control
    /// needs, so at rest it covers no part of the image (a caption at its bottom stays
    /// readable). Images are fitted into the viewport above it.
    public var pageBottomInsetPixels = 0.0 {
        didSet { if pageBottomInsetPixels != oldValue { changeLog.record(.everything) } }
    }

    public private(set) var viewportWidth = 0.0
    public private(set) var viewportHeight = 0.0
    private var changeLog = ChangeLog()
    /// The page at the viewport's left edge when last prepared: the reading position.
    private var anchorPage = 0

    /// `images`: the store the pages are decoded by; by default one reading the collection's
    /// files, or its archive's entries.
    public init(collection: ImageCollection, palette: Palette = .light, images: ImageStore? = nil) {
        self.collection = collection
        self.palette = palette
        self.images = images ?? ImageStore(bytesSource: collection.imageSource)
        self.images.invertsLightness = palette.nightPages
        anchorPage = collection.startPage
        // Whatever image changed, the pages redraw: only the few near the viewport are drawn.
        self.images.observeChanges { [weak self] _ in self?.changeLog.record(.everything) }
        // The pages' order arriving can change their count too (a name served twice).
        collection.observePageOrder { [weak self] in self?.changeLog.record(.everything) }
    }

    /// Whether the pages after the first are still being put in order on a worker.
    public var isReadingContent: Bool { collection.isOrderingPages }

    /// The file name of the image at slot `slot`, for the page label.
    public func title(ofPage slot: Int) -> String? {
        guard (0..<pageCount).contains(slot) else { return nil }
        return collection.imagePath(atPage: page(atSlot: slot)).map(ImageCollectionLayout.fileName(of:))
    }

    /// The page shown at slot `slot` from the left, and the slot of a page: the same number,
    /// except in a collection read right to left.
    public func page(atSlot slot: Int) -> Int { collection.readsRightToLeft ? pageCount - 1 - slot : slot }

    public func slot(ofPage page: Int) -> Int { self.page(atSlot: page) }

    private static func fileName(of path: String) -> String { FilePath.name(of: path) }

    /// One page per image.
    public var pageCount: Int { collection.pageCount }

    public var revision: Int { changeLog.revision }

    public func changes(since revision: Int) -> ContentChange { changeLog.changes(since: revision) }

    public var contentSize: ContentSize {
        ContentSize(width: viewportWidth * Double(pageCount), height: viewportHeight)
    }

    public func setViewportSize(width: Double, height: Double) {
        guard width != viewportWidth || height != viewportHeight else { return }
        viewportWidth = width
        viewportHeight = height
        changeLog.record(.everything)
    }

    public var anchorOffset: ContentPoint { ContentPoint(x: Double(slot(ofPage: anchorPage)) * viewportWidth, y: 0) }

    public var readingAnchor: ReadingAnchor {
        get { ReadingAnchor(section: anchorPage, block: 0, fraction: 0) }
        set {
            guard (0..<pageCount).contains(newValue.section) else { return }
            anchorPage = newValue.section
        }
    }

    /// Decodes the images of the pages in view and of their neighbours, so a swipe finds the
    /// next image ready, and tells those decoded the size they are drawn at `drawScale`.
    /// Nothing moves: the correction is always 0.
    public func prepare(_ visible: ContentRect, margin: Double, drawScale: Double) -> ContentPoint {
        guard viewportWidth > 0, pageCount > 0 else { return .zero }
        anchorPage = page(atSlot: slot(at: visible.x + visible.width / 2))
        for slot in slots(in: visible.x - viewportWidth, visible.maxX + viewportWidth) {
            guard let path = collection.imagePath(atPage: page(atSlot: slot)) else { continue }
            if case .image(let image) = images.image(atPath: path), drawScale > 0 {
                let frame = fittedFrame(image.naturalSize, left: Double(slot) * viewportWidth)
                image.noteShown(width: frame.width, height: frame.height, drawScale: drawScale)
            }
        }
        return .zero
    }

    public func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        guard viewportWidth > 0 else { return }
        for slot in slots(in: rect.x, rect.maxX) {
            let left = Double(slot) * viewportWidth
            guard let path = collection.imagePath(atPage: page(atSlot: slot)) else {
                drawUnorderedPage(left: left, on: cairo)
                continue
            }
            switch images.loadedImage(atPath: path) {
            case nil:
                continue
            case .image(let image):
                let frame = fittedFrame(image.naturalSize, left: left)
                image.draw(x: frame.x, y: frame.y, width: frame.width, height: frame.height, on: cairo)
            case .pending(let size):
                // A tinted frame of the image's shape until its pixels arrive.
                guard let size else { continue }
                drawTintedFrame(of: size, left: left, on: cairo)
            case .failure(let reason):
                drawPlaceholder(for: path, reason: reason, left: left, on: cairo)
            }
        }
    }

    /// The largest zoom that the page at slot `slot` allows, where zoom 1 fits its image to the window:
    /// twice the image's own pixels (so a photo can be inspected closely, as in Loupe and
    /// Photos), and never less than `minimumMaximumZoomScale`, so a small image, already
    /// enlarged to fit, still zooms (also while its size is not known yet). 1 for a page that
    /// cannot show its image.
    public func maximumZoomScale(ofPage slot: Int) -> Double {
        guard (0..<pageCount).contains(slot), viewportWidth > 0 else { return 1 }
        guard let path = collection.imagePath(atPage: page(atSlot: slot)) else {
            return ImageCollectionLayout.minimumMaximumZoomScale
        }
        let size: ImageSize
        switch images.image(atPath: path) {
        case .image(let image): size = image.naturalSize
        case .pending(let known?): size = known
        case .pending(nil): return ImageCollectionLayout.minimumMaximumZoomScale
        case .failure: return 1
        }
        return max(2 / fitScale(size), ImageCollectionLayout.minimumMaximumZoomScale)
    }

    /// The least maximum zoom of an image: 2×, UIScrollView's common double-tap zoom.
    public static let minimumMaximumZoomScale = 2.0

    /// The scale that fits an image of `size` into the page above the bottom inset.
    private func fitScale(_ size: ImageSize) -> Double {
        let room = max(viewportHeight - pageBottomInsetPixels, 1)
        return min(viewportWidth / Double(max(size.width, 1)), room / Double(max(size.height, 1)))
    }

    /// An image of `size` fitted whole and centred on the page that starts at `left`, above
    /// the bottom inset.
    private func fittedFrame(_ size: ImageSize, left: Double) -> ContentRect {
        let fit = fitScale(size)
        let room = max(viewportHeight - pageBottomInsetPixels, 1)
        let width = Double(size.width) * fit, height = Double(size.height) * fit
        return ContentRect(x: left + ((viewportWidth - width) / 2).rounded(), y: ((room - height) / 2).rounded(),
                           width: width, height: height)
    }

    /// The slot whose span holds `x`.
    private func slot(at x: Double) -> Int {
        min(max(Int((x / viewportWidth).rounded(.down)), 0), max(pageCount - 1, 0))
    }

    private func slots(in left: Double, _ right: Double) -> ClosedRange<Int> {
        slot(at: left)...slot(at: max(left, right - 0.001))
    }

    /// A page whose image is not known yet, while the pages are put in order: a tinted frame
    /// of the first page's shape (a comic's pages share one), once that is known.
    private func drawUnorderedPage(left: Double, on cairo: OpaquePointer) {
        guard let first = collection.imagePath(atPage: 0) else { return }
        let size: ImageSize
        switch images.loadedImage(atPath: first) {
        case .image(let image): size = image.naturalSize
        case .pending(let known?): size = known
        default: return
        }
        drawTintedFrame(of: size, left: left, on: cairo)
    }

    /// The place of an image of `size` whose pixels have not arrived, on the page at `left`.
    private func drawTintedFrame(of size: ImageSize, left: Double, on cairo: OpaquePointer) {
        let frame = fittedFrame(size, left: left)
        let color = palette.codeBackground
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        cairo_rectangle(cairo, frame.x, frame.y, frame.width, frame.height)
        cairo_fill(cairo)
    }

    /// The file name and why it cannot be shown, centred on the page in plain text.
    private func drawPlaceholder(for path: String, reason: String, left: Double, on cairo: OpaquePointer) {
        let name = ImageCollectionLayout.fileName(of: path)
        let text = localized("⚠ '%1$s' cannot be shown:\n%2$s", name, reason)
        CentredNotice.draw(text, left: left, width: viewportWidth, inset: 24, centreY: viewportHeight / 2,
                           palette: palette, on: cairo)
    }
}
