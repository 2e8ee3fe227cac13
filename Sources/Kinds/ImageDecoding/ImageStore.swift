import Glibc
import Localization
import Machinery

/// Images for drawing: decoded off the frame loop by `glide-image-decoder` processes (see
/// `ImageDecoderProcess`) within a time and memory budget, kept within a memory cap, and
/// decoded again at the size they are shown: vector images sharp at any zoom, large rasters
/// small enough to draw cheaply.
///
/// An image is a file, named by its path; or, in a store made with a `bytesSource` (a book's
/// entries), whatever that source gives for the key the image is asked for by, which the
/// decoder reads from memory.
///
/// Asking for an image never waits: the first answer is `.pending`, with the image's size as
/// soon as its header is read, and observers hear of every change on the loop's thread (the
/// layouts redraw, or lay the block out again at its real size).
public final class ImageStore {
    /// An image whose full decoded pixels would need more than this many bytes is refused
    /// before decoding (a decompression bomb): 256 MB is a 8192×8192 RGBA photo.
    public var budgetBytes = 256 << 20
    /// Decoded images kept for drawing, at most this many bytes (least recently used go first).
    public var cacheCapacityBytes = 96 << 20
    /// Larger images are decoded scaled down to this many px on their longer side: a
    /// 2560×1600 window's long side. Three such images (a page and its two neighbours, which
    /// a swipe needs at once) take 75 MB, so they fit the cache together and a swipe never
    /// evicts the page it is about to show.
    public var maximumDecodedSidePixels = 2560
    /// How much CPU time one image may take to decode before it is called too complex to show,
    /// in s (the wall clock allows `ImageDecoderProcess.wallClockAllowance` times more):
    /// the 8192² PNG the red team used takes 1 s, ordinary photos and drawings a few tens of
    /// ms, and a reader who waits longer than a few seconds for a picture has given up on it.
    public var decodeBudgetSeconds = 3.0
    /// A vector image is rendered at most this many px however far it is zoomed (4096², 64 MB).
    public var maximumRenderedPixels = 4096 * 4096
    /// An image's bytes from `bytesSource`, at most this many; more is refused before a decoder
    /// starts. 64 MB: the largest raster `budgetBytes` lets decode, 8192×8192, is 60 MB as a
    /// JPEG of noise at quality 90, which hardly compresses (gdk-pixbuf's saver, measured for
    /// issue 24), and a photo is a fraction of that. Two decodes at once then hold at most
    /// 128 MB of a book's bytes while their decoders run (one copy each, `SealedMemoryFile`).
    public var maximumEncodedBytes = 64 << 20
    /// Night pages (`Palette.nightPages`): images are decoded with their lightness inverted
    /// and their hue kept. An image decoded the other way is decoded again when next asked
    /// for (`image(atPath:)`, which the layouts call for the pages near the view), and shown
    /// as it was until the new pixels arrive.
    public var invertsLightness = false

    /// Decoders running at once: two, so a page and its neighbour decode together on a
    /// two-core laptop without starving the frame loop of a core.
    static let maximumConcurrentDecodes = 2

    private struct Entry {
        var state: LoadedImage
        var naturalSize: ImageSize?
        var isScalable = false
        /// Whether a decoder is (or will be) working on this image.
        var isDecoding = true
        var lastUse: Int
        /// Whether the image shown (or its failure) was decoded as night pages.
        var invertsLightness = false
    }

    private var entries: [String: Entry] = [:]
    private var useCount = 0
    /// Decodes not started yet, the most recently asked for last (it starts first); those with
    /// a `start` are a caller's (`decode(_:maximumSidePixels:target:invertsLightness:making:report:)`).
    private var waiting: [(path: String, maximumSide: Int?, target: ImageSize?, invertsLightness: Bool,
                           start: ((ImageDecoderProcess) -> Void)?)] = []
    private var runningCount = 0
    private var observers: [(String) -> Void] = []

    /// Where the images' bytes come from when they are not files: `image(atPath:)` then names
    /// an image by the source's key for it. Nil: by a file's path.
    public let bytesSource: (any ImageBytesSource)?

    /// A store of image files, or with `bytesSource` of the images it gives.
    public init(bytesSource: (any ImageBytesSource)? = nil) {
        self.bytesSource = bytesSource
    }

    /// The image at `path` (the `bytesSource`'s key for it, in a store that has one): decoded,
    /// failed with the reason in words, or pending (and now asked for).
    public func image(atPath path: String) -> LoadedImage {
        useCount += 1
        if let entry = entries[path] {
            entries[path]?.lastUse = useCount
            if entry.invertsLightness != invertsLightness, !entry.isDecoding { decodeInCurrentStyle(path) }
            return entry.state
        }
        entries[path] = Entry(state: .pending(nil), lastUse: useCount, invertsLightness: invertsLightness)
        enqueue(path, target: nil)
        return .pending(nil)
    }

    /// What `image(atPath:)` last gave for `path`, without asking for it: nil for an image
    /// never asked for. For drawing, which asks for nothing.
    public func loadedImage(atPath path: String) -> LoadedImage? {
        entries[path]?.state
    }

    /// Calls `handler` with an image's path, on the loop's thread, whenever what
    /// `image(atPath:)` gives for it changes.
    public func observeChanges(_ handler: @escaping (String) -> Void) {
        observers.append(handler)
    }

    /// Whether any decode is running or waiting.
    public var isDecoding: Bool { runningCount > 0 || !waiting.isEmpty }

    /// Delivers the mailbox's results on the calling thread until no decode is left, or
    /// `timeoutSeconds` pass: for programs that draw once (tests, benchmarks, pictures), not
    /// for the frame loop.
    public func waitForDecodes(timeoutSeconds: Double = 30) {
        MainThreadMailbox.shared.deliver(while: { isDecoding }, timeoutSeconds: timeoutSeconds)
    }

    /// The bytes the decoded images hold.
    public var cachedBytes: Int { entries.values.reduce(0) { $0 + $1.state.byteCount } }

    private func enqueue(_ path: String, target: ImageSize?) {
        waiting.append((path, nil, target, invertsLightness, nil))
        startWaitingDecodes()
    }

    /// Decodes the image at `path` again as night pages are now (on or off), at the size it
    /// has; what it shows stays until the new pixels arrive.
    private func decodeInCurrentStyle(_ path: String) {
        guard var entry = entries[path] else { return }
        entry.isDecoding = true
        var target: ImageSize?
        if case .image(let current) = entry.state { target = ImageSize(width: current.width, height: current.height) }
        entries[path] = entry
        enqueue(path, target: target)
    }

    private func startWaitingDecodes() {
        while runningCount < ImageStore.maximumConcurrentDecodes, let next = waiting.popLast() {
            runningCount += 1
            let decoder = self.decoder(of: next.path, maximumSidePixels: next.maximumSide ?? maximumDecodedSidePixels,
                                       target: next.target, invertsLightness: next.invertsLightness)
            if let start = next.start {
                start(decoder)
                continue
            }
            let path = next.path, inverts = next.invertsLightness
            let store = LoopThreadReference(self)
            decoder.start { report in store.object?.receive(report, for: path, invertsLightness: inverts) }
        }
    }

    private func decoder(of path: String, maximumSidePixels: Int, target: ImageSize?,
                         invertsLightness: Bool) -> ImageDecoderProcess {
        var input = ImageDecoderProcess.Input.file(path: path)
        if let bytesSource { input = .bytes(key: path, source: bytesSource, maximumBytes: maximumEncodedBytes) }
        return ImageDecoderProcess(input: input, maximumSidePixels: maximumSidePixels, target: target,
                                   budgetBytes: budgetBytes, budgetSeconds: decodeBudgetSeconds,
                                   invertsLightness: invertsLightness)
    }

    /// Decodes the image at `path` for a caller that keeps the pixels itself (a paged layout's
    /// page scheduler): under the store's budgets, counted in `isDecoding`, but not kept here.
    /// `making` runs on the decoding thread with the decoded image (to cut it into the pieces
    /// the caller draws, off the frame loop); `report` runs on the loop's thread with the
    /// image's size once its header is read, then with what `making` made, or why there is
    /// nothing. A failure is kept, so `image(atPath:)` gives it. `invertsLightness`: decoded
    /// as night pages, whatever the store's own `invertsLightness` says.
    public func decode<Product: Sendable>(_ path: String, maximumSidePixels: Int? = nil, target: ImageSize? = nil,
                                          invertsLightness: Bool = false,
                                          making: @escaping @Sendable (DecodedImage) -> Product,
                                          report: @escaping (ImageDecodeReport<Product>) -> Void) {
        let owner = LoopThreadValue(report)
        let store = LoopThreadReference(self)
        waiting.append((path, maximumSidePixels, target, invertsLightness, { decoder in
            decoder.start(making: making) { outcome, product in
                store.object?.receive(outcome, product: product, for: path, report: owner.value)
            }
        }))
        startWaitingDecodes()
    }

    private func receive<Product>(_ outcome: ImageDecoderProcess.Report, product: Product?, for path: String,
                                  report: (ImageDecodeReport<Product>) -> Void) {
        switch outcome {
        case .size(let size, let isScalable):
            return report(.size(size, isScalable: isScalable))
        case .image(let image):
            runningCount -= 1
            if let product {
                report(.made(product, width: image.width, height: image.height))
            } else {
                report(.failure(localized("the decoder gave no image")))
            }
        case .failure(let reason):
            runningCount -= 1
            if entries[path] == nil { entries[path] = Entry(state: .failure(reason), isDecoding: false, lastUse: useCount) }
            report(.failure(reason))
        }
        startWaitingDecodes()
    }

    private func receive(_ report: ImageDecoderProcess.Report, for path: String, invertsLightness inverts: Bool) {
        if case .size = report {} else {
            runningCount -= 1
            startWaitingDecodes()
        }
        guard var entry = entries[path] else { return }
        switch report {
        case .size(let size, let isScalable):
            entry.naturalSize = size
            entry.isScalable = isScalable
            if case .pending = entry.state { entry.state = .pending(size) }
        case .image(let image):
            image.naturalSize = Self.upright(entry.naturalSize, as: image)
            image.onShownAtOtherSize = { [weak self] shown in self?.decodeAgain(path, at: shown) }
            entry.state = .image(image)
            entry.isDecoding = false
            entry.invertsLightness = inverts
        case .failure(let reason):
            // A sharper rendering that failed leaves the one shown.
            if case .image = entry.state {} else { entry.state = .failure(reason) }
            entry.isDecoding = false
            // Tried in this style: a restyled decode that fails is not tried again at every frame.
            entry.invertsLightness = inverts
        }
        entries[path] = entry
        if case .image = report { evict(keeping: path) }
        for observer in observers { observer(path) }
    }

    /// The image's own size, turned as its EXIF orientation turned the pixels.
    private static func upright(_ natural: ImageSize?, as image: DecodedImage) -> ImageSize {
        guard let natural else { return ImageSize(width: image.width, height: image.height) }
        let isTurned = (natural.width > natural.height) != (image.width > image.height) && image.width != image.height
            && natural.width != natural.height
        return isTurned ? ImageSize(width: natural.height, height: natural.width) : natural
    }

    /// Decodes the image at `path` again for `shown` device px, keeping its aspect: a vector
    /// image at that size (capped at `maximumRenderedPixels`), a raster at most at its own size.
    private func decodeAgain(_ path: String, at shown: ImageSize) {
        guard var entry = entries[path], !entry.isDecoding, case .image(let current) = entry.state else { return }
        var width = Double(shown.width)
        if !entry.isScalable {
            width = min(width, Double(current.naturalSize.width), Double(maximumDecodedSidePixels))
        }
        var height = width * Double(current.height) / Double(current.width)
        let scale = min(1, (Double(maximumRenderedPixels) / max(width * height, 1)).squareRoot())
        width = (width * scale).rounded()
        height = (height * scale).rounded()
        let isSharper = width > Double(current.width) * DecodedImage.resharpenRatio
        let isCheaper = width * DecodedImage.reductionRatio < Double(current.width)
        guard isSharper || isCheaper, width >= 1, height >= 1 else { return }
        entry.isDecoding = true
        entries[path] = entry
        enqueue(path, target: ImageSize(width: Int(width), height: Int(height)))
    }

    private func evict(keeping path: String) {
        var total = cachedBytes
        guard total > cacheCapacityBytes else { return }
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where key != path {
            guard total > cacheCapacityBytes else { break }
            guard case .image = entry.state, !entry.isDecoding else { continue }
            total -= entry.state.byteCount
            entries[key] = nil
        }
    }
}

/// What a caller's decode (`ImageStore.decode(_:maximumSidePixels:target:making:report:)`)
/// reports, in order: the size, then what was made of the pixels or why there are none.
public enum ImageDecodeReport<Product> {
    /// The image's own size in px, from its header, and whether it is a vector image.
    case size(ImageSize, isScalable: Bool)
    /// What the caller made of the decoded pixels, which were `width`×`height` px (upright).
    case made(Product, width: Int, height: Int)
    case failure(String)
}

/// An image ready to draw, why it cannot be shown, or that it is still being decoded.
public enum LoadedImage {
    case image(DecodedImage)
    /// The reason, in words (`Fatal error reading PNG image file: …`, `too complex to show: …`).
    case failure(String)
    /// Being decoded; its own size in px once the decoder has read the header.
    case pending(ImageSize?)

    var byteCount: Int {
        if case .image(let image) = self { return image.width * image.height * 4 }
        return 0
    }
}
