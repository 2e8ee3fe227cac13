import CCairo
import CPangoCairo

/// An image collection laid out as pages side by side, one image per page of the viewport's
/// size, each fitted whole and centred. An image that cannot be shown gets a page saying why.
public final class ImageCollectionLayout: ContentLayout {
    public let document: Document
    public let images: ImageStore
    public var palette: Palette {
        didSet { if palette != oldValue { changeLog.record(.everything) } }
    }

    public private(set) var viewportWidth = 0.0
    public private(set) var viewportHeight = 0.0
    private var changeLog = ChangeLog()
    /// The page at the viewport's left edge when last prepared: the reading position.
    private var anchorPage = 0

    public init(document: Document, palette: Palette = .light, images: ImageStore = ImageStore()) {
        self.document = document
        self.palette = palette
        self.images = images
        // Whatever image changed, the pages redraw: only the few near the viewport are drawn.
        images.observeChanges { [weak self] _ in self?.changeLog.record(.everything) }
    }

    /// The file name of the image on `page`, for the page label.
    public func title(ofPage page: Int) -> String? {
        guard document.imagePaths.indices.contains(page) else { return nil }
        return ImageCollectionLayout.fileName(of: document.imagePaths[page])
    }

    private static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// One page per image.
    public var pageCount: Int { document.imagePaths.count }

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

    public var anchorOffset: ContentPoint { ContentPoint(x: Double(anchorPage) * viewportWidth, y: 0) }

    public var readingAnchor: ReadingAnchor {
        get { ReadingAnchor(section: anchorPage, block: 0, fraction: 0) }
        set {
            guard (0..<pageCount).contains(newValue.section) else { return }
            anchorPage = newValue.section
        }
    }

    /// Decodes the images of the pages in view and of their neighbours, so a swipe finds the
    /// next image ready. Nothing moves: the correction is always 0.
    public func prepare(_ visible: ContentRect, margin: Double) -> ContentPoint {
        guard viewportWidth > 0, pageCount > 0 else { return .zero }
        anchorPage = page(at: visible.x + visible.width / 2)
        for page in pages(in: visible.x - viewportWidth, visible.maxX + viewportWidth) {
            _ = images.image(atPath: document.imagePaths[page])
        }
        return .zero
    }

    public func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        guard viewportWidth > 0 else { return }
        for page in pages(in: rect.x, rect.maxX) {
            let left = Double(page) * viewportWidth
            switch images.image(atPath: document.imagePaths[page]) {
            case .image(let image):
                let frame = fittedFrame(image.naturalSize, left: left)
                image.draw(x: frame.x, y: frame.y, width: frame.width, height: frame.height, on: cairo)
            case .pending(let size):
                // A tinted frame of the image's shape until its pixels arrive.
                guard let size else { continue }
                let frame = fittedFrame(size, left: left)
                let color = palette.codeBackground
                cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
                cairo_rectangle(cairo, frame.x, frame.y, frame.width, frame.height)
                cairo_fill(cairo)
            case .failure(let reason):
                drawPlaceholder(for: document.imagePaths[page], reason: reason, left: left, on: cairo)
            }
        }
    }

    /// An image of `size` fitted whole and centred on the page that starts at `left`.
    private func fittedFrame(_ size: ImageSize, left: Double) -> ContentRect {
        let fit = min(viewportWidth / Double(max(size.width, 1)), viewportHeight / Double(max(size.height, 1)))
        let width = Double(size.width) * fit, height = Double(size.height) * fit
        return ContentRect(x: left + ((viewportWidth - width) / 2).rounded(), y: ((viewportHeight - height) / 2).rounded(),
                           width: width, height: height)
    }

    /// The page whose span holds `x`.
    private func page(at x: Double) -> Int {
        min(max(Int((x / viewportWidth).rounded(.down)), 0), max(pageCount - 1, 0))
    }

    private func pages(in left: Double, _ right: Double) -> ClosedRange<Int> {
        page(at: left)...page(at: max(left, right - 0.001))
    }

    /// The file name and why it cannot be shown, centred on the page in plain text.
    private func drawPlaceholder(for path: String, reason: String, left: Double, on cairo: OpaquePointer) {
        let name = ImageCollectionLayout.fileName(of: path)
        let text = "⚠ '\(name)' cannot be shown:\n\(reason)"
        let layout = pango_cairo_create_layout(cairo)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string("Sans 13")
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(max(viewportWidth - 48, 40) * Double(PANGO_SCALE)))
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let height = Double(logical.height) / Double(PANGO_SCALE)
        let color = palette.secondaryText
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        cairo_move_to(cairo, left + 24, ((viewportHeight - height) / 2).rounded())
        pango_cairo_show_layout(cairo, layout)
    }
}
