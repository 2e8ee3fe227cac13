import CCairo
import CPangoCairo
import DocumentKit
import Localization

/// Drawing the home: the header, then each cell's thumbnail (a placeholder naming its kind
/// until the thumbnail arrives), title, kind and progress. A missing file's cell is dimmed.
extension HomeLayout {
    /// How strongly a missing file's cell is drawn: GTK's dimmed label is at 55 % opacity.
    static let missingOpacity = 0.45
    static let titleFont = "Sans 15px"
    static let detailFont = "Sans 13px"
    static let headerFont = "Sans Bold 24px"
    /// The progress bar's thickness, in logical px (libadwaita's progress bar is 4 px).
    static let progressBarPixels = 4.0

    public func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        guard grid.viewportWidth > 0 else { return }
        if rect.y < HomeGrid.headerHeightPixels { drawHeader(on: cairo) }
        if isLoaded, entries.isEmpty {
            // TRANSLATORS: the home with no recent documents.
            CentredNotice.draw(localized("No recent documents: Open… one, or drop one here."), left: 0, width: grid.viewportWidth,
                               inset: HomeGrid.paddingPixels, centreY: HomeGrid.headerHeightPixels + 80, palette: palette, on: cairo)
            return
        }
        // Grown by the focus ring's reach, so a tile beside a cell draws its part of the ring.
        let reach = ContentRect(x: rect.x - 8, y: rect.y - 8, width: rect.width + 16, height: rect.height + 16)
        for index in entries.indices where grid.frame(ofEntry: index).intersects(reach) {
            drawCell(index, on: cairo)
        }
    }

    private func drawHeader(on cairo: OpaquePointer) {
        let button = grid.openButtonFrame
        let height = TextLine.height(font: Self.headerFont, on: cairo)
        // TRANSLATORS: the home's heading.
        TextLine.draw(localized("Recent documents"), font: Self.headerFont, color: palette.text, x: grid.left,
                      y: ((HomeGrid.headerHeightPixels - height) / 2).rounded(), width: button.x - grid.left - HomeGrid.spacingPixels,
                      on: cairo)
        // TRANSLATORS: the home's button that asks for documents to open (as Ctrl+O does).
        Shapes.button(localized("Open…"), in: button, palette: palette, on: cairo)
    }

    private func drawCell(_ index: Int, on cairo: OpaquePointer) {
        let entry = entries[index]
        let cell = grid.frame(ofEntry: index)
        if !entry.exists { cairo_push_group(cairo) }
        drawThumbnail(of: entry, in: grid.thumbnailFrame(ofEntry: index), on: cairo)
        var y = cell.y + grid.thumbnailHeight + 8
        y += TextLine.draw(entry.title, font: Self.titleFont, color: palette.text, x: cell.x, y: y, width: cell.width, on: cairo)
        y += TextLine.draw(detail(of: entry), font: Self.detailFont, color: palette.secondaryText, x: cell.x, y: y + 2,
                           width: cell.width, on: cairo) + 8
        if let progress = entry.progress, entry.exists {
            let track = ContentRect(x: cell.x, y: y, width: cell.width, height: Self.progressBarPixels)
            Shapes.roundedRect(track, radius: Self.progressBarPixels / 2, on: cairo)
            Shapes.setColor(palette.rule, on: cairo)
            cairo_fill(cairo)
            let done = ContentRect(x: cell.x, y: y, width: max(Self.progressBarPixels, cell.width * progress), height: Self.progressBarPixels)
            Shapes.roundedRect(done, radius: Self.progressBarPixels / 2, on: cairo)
            Shapes.setColor(palette.link, on: cairo)
            cairo_fill(cairo)
        }
        if !entry.exists {
            cairo_pop_group_to_source(cairo)
            cairo_paint_with_alpha(cairo, Self.missingOpacity)
        }
        if focusedEntry == index { Shapes.focusRing(around: cell, palette: palette, on: cairo) }
        if offeredEntry == index {
            // TRANSLATORS: offered on a long press or a right click on a document of the home; the file stays.
            Shapes.button(localized("Remove from recent"), in: grid.removeButtonFrame(ofEntry: index), palette: palette, on: cairo)
        }
    }

    /// "PDF · 40 %", "Markdown · missing".
    func detail(of entry: HomeEntry) -> String {
        // TRANSLATORS: under a document of the home whose file is gone.
        guard entry.exists else { return entry.kindName + " · " + localized("missing") }
        guard let progress = entry.progress else { return entry.kindName }
        // TRANSLATORS: how far a document was read, under it on the home; %s is a whole number.
        return entry.kindName + " · " + localized("%s%% read", String(Int((progress * 100).rounded())))
    }

    private func drawThumbnail(of entry: HomeEntry, in box: ContentRect, on cairo: OpaquePointer) {
        guard let surface = thumbnails[entry.path] else {
            Shapes.roundedRect(box, radius: 6, on: cairo)
            Shapes.setColor(palette.codeBackground, on: cairo)
            cairo_fill(cairo)
            CentredNotice.draw(entry.kindName, left: box.x, width: box.width, inset: 8, centreY: box.y + box.height / 2,
                               palette: palette, on: cairo)
            return
        }
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
        guard width > 0, height > 0 else { return }
        let scale = min(box.width / width, box.height / height)
        let shown = ContentRect(x: (box.x + (box.width - width * scale) / 2).rounded(), y: (box.maxY - height * scale).rounded(),
                                width: width * scale, height: height * scale)
        // A hairline frame sets a white page apart from a white home.
        cairo_rectangle(cairo, shown.x - 1, shown.y - 1, shown.width + 2, shown.height + 2)
        Shapes.setColor(palette.rule, on: cairo)
        cairo_fill(cairo)
        cairo_save(cairo)
        cairo_translate(cairo, shown.x, shown.y)
        cairo_scale(cairo, scale, scale)
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }
}
