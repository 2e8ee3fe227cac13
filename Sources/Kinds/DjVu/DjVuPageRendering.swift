import CDjVu
import Localization

/// The one way a DjVu page becomes pixels: page `page` drawn `scale` device px per page point,
/// the part `region` (device px of the page at that scale, from its top-left) written into a
/// buffer the caller owns, as cairo's RGB24/ARGB32 (native-endian 0xAARRGGBB words, alpha
/// opaque). A pure function of the document and its arguments, so a renderer process can host
/// it unchanged: it needs a `DjVuHandle` and a buffer, nothing of the app's.
enum DjVuPageRendering {
    /// A rectangle of device px.
    struct Region: Equatable, Sendable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// Renders into `buffer` (`region.height` rows of `rowBytes` bytes, at least 4 ×
    /// `region.width` each); returns why it could not, or nil when the pixels are written.
    static func render(page: Int, of handle: DjVuHandle, scale: Double, region: Region,
                       into buffer: UnsafeMutableRawPointer, rowBytes: Int) -> String? {
        guard scale.isFinite, scale > 0, region.width > 0, region.height > 0, rowBytes >= region.width * 4 else {
            return localized("the piece is outside the page")
        }
        guard let size = handle.pageSize(page) else { return localized("DjVuLibre cannot read this page") }
        let points = size.points
        let pageWidth = max(1, Int((points.width * scale).rounded(.up)))
        let pageHeight = max(1, Int((points.height * scale).rounded(.up)))
        guard let outcome = handle.withDecodedPage(page, { decoded -> String? in
            // Red, green and blue masks of cairo's native-endian words; the fourth entry is
            // xored into every pixel, setting the alpha byte opaque.
            var masks: [UInt32] = [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000]
            guard let format = ddjvu_format_create(DDJVU_FORMAT_RGBMASK32, 4, &masks) else {
                return localized("DjVuLibre cannot make the pixel format")
            }
            defer { ddjvu_format_release(format) }
            ddjvu_format_set_row_order(format, 1)
            ddjvu_format_set_y_direction(format, 1)
            var pageRect = ddjvu_rect_t(x: 0, y: 0, w: UInt32(pageWidth), h: UInt32(pageHeight))
            var renderRect = ddjvu_rect_t(x: Int32(region.x), y: Int32(region.y), w: UInt32(region.width), h: UInt32(region.height))
            let drawn = ddjvu_page_render(decoded, DDJVU_RENDER_COLOR, &pageRect, &renderRect, format, UInt(rowBytes),
                                          buffer.assumingMemoryBound(to: CChar.self))
            return drawn != 0 ? nil : localized("DjVuLibre has no image for this page")
        }) else {
            return localized("DjVuLibre cannot decode this page (%s)", handle.lastError ?? localized("damaged or truncated"))
        }
        return outcome
    }
}
