import CCairo
import DocumentKit
import Glibc
import Machinery
import Render
import ScrollEngine

/// A document's first screen as a picture, drawn by the viewer's own renderer: what a file
/// manager shows for it and what the home's grid shows.
enum ThumbnailPicture {
    /// The screen a document is laid out on: a portrait page in logical px, 3:4, the shape
    /// of a page of a book or a paper (and of the thumbnails file managers set in a grid).
    static let pageWidth = 600.0
    static let pageHeight = 800.0

    /// Draws the first screen of `document`, lets what it asked for arrive for at most
    /// `waitSeconds`, and returns an ARGB32 surface that fits in `size`×`size` device px (the
    /// caller destroys it). A paged document (images, comics) is cut to its first page's
    /// picture, so a landscape photo's thumbnail is landscape.
    static func draw(_ document: any LoadedDocument, size: Int, waitSeconds: Double) -> OpaquePointer {
        let layout = document.makeLayout(palette: .light, paged: document.isPagedByDefault)
        layout.setViewportSize(width: pageWidth, height: pageHeight)
        // Large thumbnails (512 and 1024 px) are drawn finer than the page's logical px.
        let scale = max(1, Double(size) / pageHeight)
        let visible = ContentRect(x: 0, y: 0, width: pageWidth, height: pageHeight)
        ContentSettling.settle(layout, showing: visible, drawScale: scale, until: MonotonicClock.seconds() + waitSeconds)
        let page = render(layout, scale: scale)
        defer { cairo_surface_destroy(page) }
        let shown = document.isPagedByDefault ? pictureBounds(of: page) : fullBounds(of: page)
        return scaled(page, cutTo: shown, toFit: size)
    }

    private static func render(_ layout: any ContentLayout, scale: Double) -> OpaquePointer {
        let width = Int((pageWidth * scale).rounded()), height = Int((pageHeight * scale).rounded())
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        // A short document starts at the top of its page, as on paper, not centred as the
        // viewer shows it in a tall window.
        let view = ScrollView(viewportSize: LogicalSize(width: pageWidth, height: pageHeight),
                              contentSize: LogicalSize(width: layout.contentSize.width, height: max(layout.contentSize.height, pageHeight)))
        let buffer = PixelBuffer(pixels: UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!),
                                 width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)), scale: scale)
        _ = FrameRenderer().render(layout, frame: view.frame, into: buffer, showing: nil)
        cairo_surface_mark_dirty(surface)
        return surface
    }

    private struct PixelBounds {
        var minX: Int, minY: Int, maxX: Int, maxY: Int
        var width: Int { maxX - minX + 1 }
        var height: Int { maxY - minY + 1 }
    }

    private static func fullBounds(of surface: OpaquePointer) -> PixelBounds {
        PixelBounds(minX: 0, minY: 0, maxX: Int(cairo_image_surface_get_width(surface)) - 1,
                    maxY: Int(cairo_image_surface_get_height(surface)) - 1)
    }

    /// The box of the pixels that differ from the page colour (the corner's): the picture a
    /// page of images shows, without the page around it; the whole page when it has none.
    private static func pictureBounds(of surface: OpaquePointer) -> PixelBounds {
        let full = fullBounds(of: surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt8.self, capacity: stride * full.height) { $0 }
        func pixel(_ x: Int, _ y: Int) -> UInt32 {
            UnsafeRawPointer(pixels + y * stride + x * 4).loadUnaligned(as: UInt32.self)
        }
        let page = pixel(0, 0)
        var bounds: PixelBounds?
        for y in 0..<full.height {
            for x in 0..<full.width where pixel(x, y) != page {
                if var found = bounds {
                    found.minX = min(found.minX, x)
                    found.maxX = max(found.maxX, x)
                    found.maxY = y
                    bounds = found
                } else {
                    bounds = PixelBounds(minX: x, minY: y, maxX: x, maxY: y)
                }
            }
        }
        return bounds ?? full
    }

    private static func scaled(_ page: OpaquePointer, cutTo bounds: PixelBounds, toFit size: Int) -> OpaquePointer {
        let factor = min(Double(size) / Double(bounds.width), Double(size) / Double(bounds.height), 1)
        let width = max(1, Int((Double(bounds.width) * factor).rounded()))
        let height = max(1, Int((Double(bounds.height) * factor).rounded()))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        cairo_scale(cairo, factor, factor)
        cairo_set_source_surface(cairo, page, -Double(bounds.minX), -Double(bounds.minY))
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_paint(cairo)
        cairo_surface_flush(surface)
        return surface
    }
}
