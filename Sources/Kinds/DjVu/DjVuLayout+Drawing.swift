import CCairo
import CPangoCairo
import DocumentKit
import Glibc
import Localization
import PageKit

/// Painting pages from delivered pixels; DjVuLibre is never called here.
extension DjVuLayout {
    func drawPages(_ rect: ContentRect, on cairo: OpaquePointer) {
        guard viewportWidth > 0, pageCount > 0 else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        let scale = matrix.xx
        for page in pages(meeting: rect) {
            let pageRect = pageRect(page)
            let clip = rect.intersection(pageRect)
            guard clip.width > 0, clip.height > 0 else { continue }
            drawEdge(of: pageRect, on: cairo)
            cairo_save(cairo)
            cairo_rectangle(cairo, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(cairo)
            if let failure = failures[page] {
                drawPreview(of: page, in: pageRect, on: cairo)
                let notice = localized("⚠ Page %1$s cannot be shown: %2$s", LocalizedNumber.string(page + 1), failure)
                drawNotice(notice, in: pageRect, on: cairo)
            } else {
                drawPieces(of: page, in: pageRect, clip: clip, scale: scale, on: cairo)
            }
            cairo_restore(cairo)
        }
    }

    /// The page's low-resolution preview stretched over it, or the placeholder (a grey page
    /// with its number, never blank white).
    private func drawPreview(of page: Int, in rect: ContentRect, on cairo: OpaquePointer) {
        guard let preview = previews.pixels(.preview(page: page)) else {
            let colour = placeholderColour
            cairo_set_source_rgb(cairo, colour.red, colour.green, colour.blue)
            cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
            cairo_fill(cairo)
            if failures[page] == nil { drawNotice(LocalizedNumber.string(page + 1), in: rect, on: cairo) }
            return
        }
        cairo_save(cairo)
        cairo_translate(cairo, rect.x, rect.y)
        cairo_scale(cairo, rect.width / Double(preview.width), rect.height / Double(preview.height))
        cairo_set_source_surface(cairo, preview.surface, 0, 0)
        cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_BILINEAR)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// The sharp pieces that meet `clip` at the scale being drawn; where some are missing,
    /// first the pieces of the nearest other scale the cache holds, stretched (the page as it
    /// was before a zoom, sharper than the preview).
    private func drawPieces(of page: Int, in rect: ContentRect, clip: ContentRect, scale: Double, on cairo: OpaquePointer) {
        guard isMeasured(page), scale > 0 else { return drawPreview(of: page, in: rect, on: cairo) }
        let size = pointSize(page)
        let exact = DjVuLayout.pieceScale(drawScale: scale, pageWidth: rect.width, pointWidth: size.width)
        // The page's top-left on a whole device pixel, so pieces land pixel for pixel.
        var originX = rect.x, originY = rect.y
        cairo_user_to_device(cairo, &originX, &originY)
        originX.round()
        originY.round()
        cairo_device_to_user(cairo, &originX, &originY)
        let placement = PiecePlacement(page: page, size: size, originX: originX, originY: originY, clip: clip)
        let wanted = placement.pieces(at: exact, deviceScale: scale)
        // Sharp pieces cover the whole clip: nothing under them shows.
        if !wanted.jobs.allSatisfy({ pieces.contains($0.job) }) {
            drawPreview(of: page, in: rect, on: cairo)
            if let nearest = pieces.scales(ofPage: page)?.filter({ $0 != exact })
                .min(by: { abs(log($0 / exact)) < abs(log($1 / exact)) }) {
                paint(placement.pieces(at: nearest, deviceScale: scale * nearest / exact),
                      deviceScale: scale * nearest / exact, placement: placement, on: cairo)
            }
        }
        paint(wanted, deviceScale: scale, placement: placement, on: cairo)
    }

    /// Where a page's pieces go in one draw.
    private struct PiecePlacement {
        var page: Int
        var size: (width: Double, height: Double)
        /// The page's top-left, on a whole device pixel.
        var originX: Double
        var originY: Double
        var clip: ContentRect

        /// The pieces at `pieceScale` that meet the clip, placed as if one logical px were
        /// `deviceScale` of their pixels.
        func pieces(at pieceScale: Double, deviceScale: Double) -> (grid: PagePieceGrid, jobs: [(job: PageRenderJob, column: Int, row: Int)]) {
            let grid = PagePieceGrid(pageWidthPoints: size.width, pageHeightPoints: size.height, scale: pieceScale)
            let region = grid.pieces(x: (clip.x - originX) * deviceScale, y: (clip.y - originY) * deviceScale,
                                     maxX: (clip.maxX - originX) * deviceScale, maxY: (clip.maxY - originY) * deviceScale)
            var jobs: [(job: PageRenderJob, column: Int, row: Int)] = []
            for row in region.rows {
                for column in region.columns {
                    jobs.append((.piece(PagePieceKey(page: page, scale: pieceScale, column: column, row: row)), column, row))
                }
            }
            return (grid, jobs)
        }
    }

    /// Paints the cached ones of `pieces`.
    private func paint(_ wanted: (grid: PagePieceGrid, jobs: [(job: PageRenderJob, column: Int, row: Int)]),
                       deviceScale: Double, placement: PiecePlacement, on cairo: OpaquePointer) {
        for (job, column, row) in wanted.jobs {
            guard let pixels = pieces.pixels(job) else { continue }
            let piece = wanted.grid.rect(column: column, row: row)
            cairo_save(cairo)
            cairo_translate(cairo, placement.originX, placement.originY)
            cairo_scale(cairo, 1 / deviceScale, 1 / deviceScale)
            cairo_set_source_surface(cairo, pixels.surface, Double(piece.x), Double(piece.y))
            cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
            cairo_rectangle(cairo, Double(piece.x), Double(piece.y), Double(pixels.width), Double(pixels.height))
            cairo_fill(cairo)
            cairo_restore(cairo)
        }
    }

    /// A hairline around the page, so white pages stand apart from a white background.
    private func drawEdge(of rect: ContentRect, on cairo: OpaquePointer) {
        let colour = palette.secondaryText
        cairo_save(cairo)
        cairo_set_source_rgba(cairo, colour.red, colour.green, colour.blue, 0.35)
        cairo_set_line_width(cairo, 1)
        cairo_rectangle(cairo, rect.x - 0.5, rect.y - 0.5, rect.width + 1, rect.height + 1)
        cairo_stroke(cairo)
        cairo_restore(cairo)
    }

    /// The colour of a page whose pixels have not arrived: the page colour 10 % of the way
    /// to the text's, visibly not paper, and never blank white.
    public var placeholderColour: (red: Double, green: Double, blue: Double) {
        let page = palette.page, text = palette.text
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * 0.1 }
        return (mix(page.red, text.red), mix(page.green, text.green), mix(page.blue, text.blue))
    }

    /// One line of text in the middle of the page, in plain text (never pango markup).
    private func drawNotice(_ text: String, in rect: ContentRect, on cairo: OpaquePointer) {
        let centreY = rect.y + min(rect.height, viewportHeight) / 2
        // A scrolling frame draws strips of a page: pango lays the line out only for the
        // strips it shows in (a line of 13 pt text is under 40 px tall; a wrapped notice
        // under 120 px).
        var left = 0.0, top = 0.0, right = 0.0, bottom = 0.0
        cairo_clip_extents(cairo, &left, &top, &right, &bottom)
        guard top < centreY + DjVuLayout.noticeReachPixels, bottom > centreY - DjVuLayout.noticeReachPixels else { return }
        CentredNotice.draw(text, left: rect.x, width: rect.width, inset: 16, centreY: centreY, palette: palette, on: cairo)
    }

    /// How far above and below its centre a page's notice may reach, in logical px.
    static let noticeReachPixels = 120.0
}
