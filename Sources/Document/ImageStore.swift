import CCairo
import CGdkPixbuf
import Glibc

/// Decodes images with gdk-pixbuf (PNG, JPEG and the other formats of its loaders), turned
/// upright by their EXIF orientation, and keeps recently used ones within a memory cap.
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

    private var entries: [String: Entry] = [:]
    private var useCount = 0

    private struct Entry {
        var image: LoadedImage
        var lastUse: Int
    }

    public init() {}

    /// The image at `path`, decoded now or from the cache; a failure says why in words.
    public func image(atPath path: String) -> LoadedImage {
        useCount += 1
        if let entry = entries[path] {
            entries[path]?.lastUse = useCount
            return entry.image
        }
        let image = decode(path)
        entries[path] = Entry(image: image, lastUse: useCount)
        evict(keeping: path)
        return image
    }

    /// The bytes the cached images hold.
    public var cachedBytes: Int { entries.values.reduce(0) { $0 + $1.image.byteCount } }

    private func evict(keeping path: String) {
        var total = cachedBytes
        guard total > cacheCapacityBytes else { return }
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where key != path {
            guard total > cacheCapacityBytes else { break }
            total -= entry.image.byteCount
            entries[key] = nil
        }
    }

    private func decode(_ path: String) -> LoadedImage {
        guard access(path, R_OK) == 0 else { return .failure(String(cString: strerror(errno))) }
        // A FIFO or a device would block or never end inside the decoder.
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .failure("not a regular file") }
        var width: Int32 = 0, height: Int32 = 0
        guard gdk_pixbuf_get_file_info(path, &width, &height) != nil else {
            return .failure("not an image format gdk-pixbuf can read")
        }
        let bytes = Int(width) * Int(height) * 4
        guard bytes <= budgetBytes else {
            return .failure("\(width)×\(height) px would need \(bytes >> 20) MB to decode, "
                + "over the \(budgetBytes >> 20) MB budget")
        }
        var error: UnsafeMutablePointer<GError>?
        let side = Int32(maximumDecodedSidePixels)
        let pixbuf = max(width, height) > side
            ? gdk_pixbuf_new_from_file_at_scale(path, side, side, 1, &error)
            : gdk_pixbuf_new_from_file(path, &error)
        if let error {
            defer { g_error_free(error) }
            if let pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            return .failure(String(cString: error.pointee.message))
        }
        guard let pixbuf else { return .failure("the decoder gave no image") }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        // EXIF orientation: a phone's portrait photo is stored sideways with a tag to turn it.
        guard let upright = gdk_pixbuf_apply_embedded_orientation(pixbuf) else { return .failure("cannot turn the image upright") }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        return .image(DecodedImage(pixbuf: upright))
    }
}

/// An image ready to draw, or why it cannot be shown.
public enum LoadedImage {
    case image(DecodedImage)
    /// The reason, in words (`Fatal error reading PNG image file: …`).
    case failure(String)

    var byteCount: Int {
        if case .image(let image) = self { return image.width * image.height * 4 }
        return 0
    }
}

/// Decoded pixels in a cairo image surface (premultiplied ARGB32).
public final class DecodedImage {
    let surface: OpaquePointer
    /// Size in image pixels, upright.
    public let width: Int
    public let height: Int

    init(pixbuf: OpaquePointer) {
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        let sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let source = gdk_pixbuf_read_pixels(pixbuf)!
        let destinationStride = Int(cairo_image_surface_get_stride(surface))
        let destination = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
        cairo_surface_flush(surface)
        for row in 0..<height {
            let sourceRow = source + row * sourceStride
            let destinationRow = (destination + row * destinationStride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                let pixel = sourceRow + column * channels
                let alpha = hasAlpha ? UInt32(pixel[3]) : 255
                // cairo wants premultiplied colour; gdk-pixbuf gives straight colour.
                func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
                destinationRow[column] = alpha << 24 | premultiplied(pixel[0]) << 16
                    | premultiplied(pixel[1]) << 8 | premultiplied(pixel[2])
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Draws the image scaled into the rectangle at `x`, `y` of `width`×`height` logical px.
    func draw(x: Double, y: Double, width: Double, height: Double, on cairo: OpaquePointer) {
        cairo_save(cairo)
        cairo_rectangle(cairo, x, y, width, height)
        cairo_clip(cairo)
        cairo_translate(cairo, x, y)
        cairo_scale(cairo, width / Double(self.width), height / Double(self.height))
        cairo_set_source_surface(cairo, surface, 0, 0)
        // Padding, not transparency, beyond the edges: the filter would fade the border pixels.
        cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }
}
