import CCairo
import DocumentKit
import ScrollEngine

/// Draws frames: the content from cached tiles at the engine's offset and zoom, then the
/// indicators, the page control and the window controls.
///
/// A scrolling frame moves the pixels the buffer already holds and draws only the strip that
/// came into view and what overlays covered; tiles are drawn once and reused. While the zoom
/// changes the tiles of the last settled zoom are stretched; once it settles they are drawn
/// again at the new scale, so text stays vector-sharp.
public final class FrameRenderer {
    public var overlayStyle = OverlayStyle()
    /// A one-line notice drawn over the bottom of the viewport, or none.
    public var notice: String?
    public let tiles: TileCache

    /// What the last rendered frame showed: damage is measured against it.
    private var lastContents: BufferContents?
    /// The content revision the tile cache is up to date with.
    private var tileRevision = 0
    /// The zoom of the previous frame, and the content scale of the last settled one.
    private var lastZoom: Double?
    private var settledScale: Double?
    /// What `layOut` decided for the frame about to be rendered: the content was laid out for
    /// it, so `render` does not lay it out again.
    private var preparedFrame: PreparedFrame?

    /// A frame laid out and not yet rendered.
    private struct PreparedFrame {
        var zoom: Double
        var scale: Double
        /// Whether the zoom is changing: tiles of the last settled zoom are stretched.
        var isZooming: Bool
        /// Device px per logical content px the content is drawn at (the settled scale while
        /// zooming).
        var drawScale: Double
    }

    public init(tileCacheCapacityBytes: Int = 48 << 20) {
        tiles = TileCache(capacityBytes: tileCacheCapacityBytes)
    }

    /// Renders the frame the engine describes into `buffer`, whose pixels are what
    /// `previous` describes (the `contents` returned when it was last rendered into), or
    /// unknown when nil. `windowControls` are drawn on top at the given opacity when the
    /// window needs them (client-side decorations).
    /// `reading` (find highlights, the selection, the find field, help) is drawn over the content;
    /// `pageLabel` is the label printed on the page shown, for the page label, and `shownPages`
    /// the document's pages shown where they are not the view's page (a spread's two).
    /// `tiltDegrees` turns the content about the viewport's centre (clockwise; fingers turning
    /// the pages), under the overlays.
    public func render(_ content: any ContentLayout, frame: ScrollFrame, into buffer: PixelBuffer,
                       showing previous: BufferContents?,
                       windowControls: (controls: WindowControls, opacity: Double)? = nil,
                       reading: ReadingOverlay = ReadingOverlay(), tiltDegrees: Double? = nil,
                       pageLabel: String? = nil, shownPages: ShownPages? = nil) -> RenderedFrame {
        let pixelsGiven = buffer.pixels
        tiles.beginFrame()
        let scale = buffer.scale
        let zoom = max(frame.zoomScale, 0.01)
        let viewportWidth = Double(buffer.width) / scale
        let viewportHeight = Double(buffer.height) / scale

        // The viewer lays out first (`layOut`) and moves its offset, so the frame is laid out
        // once; a caller that did not (a benchmark, a picture) has it laid out here, and the
        // frame is drawn with the correction applied and reports it.
        var correction = ContentPoint.zero
        if preparedFrame.map({ $0.zoom != zoom || $0.scale != scale }) ?? true {
            correction = layOut(content, frame: frame, viewportWidth: viewportWidth, viewportHeight: viewportHeight,
                                scale: scale)
        }
        let prepared = preparedFrame!
        preparedFrame = nil
        let offsetX = frame.contentOffset.x + correction.x, offsetY = frame.contentOffset.y + correction.y
        tiles.invalidate(content.changes(since: tileRevision))
        tileRevision = content.revision

        let size = content.contentSize
        let placement = ContentPlacement(
            scale: scale * zoom, originX: Int((offsetX * scale).rounded()),
            originY: Int((offsetY * scale).rounded()), width: Int((size.width * scale * zoom).rounded()),
            height: Int((size.height * scale * zoom).rounded()))
        let tileScale = prepared.drawScale
        lastZoom = zoom
        if !prepared.isZooming { settledScale = placement.scale }

        let whole = DeviceRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        // A scrolling frame may move where the buffer starts before anything is drawn; a
        // tilted one is painted whole.
        let tilt = tiltDegrees ?? 0
        let (buffer, rects) = tileScale == placement.scale && tilt == 0
            ? rectsToPaint(buffer, placement: placement, previous: previous, content: content)
            : (buffer, [whole])
        let surface = cairo_image_surface_create_for_data(
            buffer.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }

        let compositor = TileCompositor(tiles: tiles, content: content)
        if tileScale != placement.scale {
            compositor.paintScaled(whole, placement: placement, tileScale: tileScale, on: cairo)
        } else {
            for rect in rects {
                if content.drawsWithoutTiles {
                    compositor.draw(rect, placement: placement, on: cairo)
                } else {
                    compositor.paint(rect, placement: placement, on: cairo)
                }
            }
        }

        if tilt != 0 { ContentTilt.turn(surface, on: cairo, byDegrees: tilt, background: content.palette.page, scale: scale) }

        cairo_save(cairo)
        cairo_scale(cairo, scale, scale)
        var overlay = OverlayRenderer(style: overlayStyle)
        overlay.style.isOnDarkContent = content.palette.isDark
        let readingRenderer = ReadingOverlayRenderer(overlay: reading, isOnDarkContent: content.palette.isDark)
        var covered = reading.isEmpty ? [] : readingRenderer.drawOnContent(
            offsetX: offsetX, offsetY: offsetY, zoom: zoom, viewportWidth: viewportWidth,
            viewportHeight: viewportHeight, on: cairo)
        covered += overlay.draw(frame, viewportWidth: viewportWidth, viewportHeight: viewportHeight,
                                pageTitle: content.title(ofPage: frame.pageControl.currentPage), pageLabel: pageLabel,
                                shownPages: shownPages,
                                on: cairo)
        if let windowControls {
            covered += overlay.drawWindowControls(windowControls.controls, opacity: windowControls.opacity,
                                                  viewportWidth: viewportWidth, on: cairo)
        }
        if !reading.isEmpty {
            covered += readingRenderer.drawOnWindow(viewportWidth: viewportWidth, viewportHeight: viewportHeight, on: cairo)
        }
        if let notice {
            covered.append(overlay.drawNotice(notice, viewportWidth: viewportWidth, viewportHeight: viewportHeight, on: cairo))
        }
        cairo_restore(cairo)
        cairo_surface_flush(surface)

        let overlays = covered.map { DeviceRect.covering($0, scale: scale) }
            .map { $0.intersection(whole) }.filter { !$0.isEmpty }
        let contents = BufferContents(
            width: buffer.width, height: buffer.height, contentScale: placement.scale,
            isExact: tileScale == placement.scale && tilt == 0,
            originX: placement.originX, originY: placement.originY, contentRevision: content.revision, overlays: overlays)
        let damage = self.damage(from: lastContents, to: contents, content: content)
        lastContents = contents
        tiles.trim()
        return RenderedFrame(damage: damage, contents: contents, slideBytes: buffer.pixels - pixelsGiven,
                             contentOffsetCorrection: correction.y,
                             horizontalContentOffsetCorrection: correction.x, contentSize: size)
    }

    /// Lays out the content near a viewport of `viewportWidth`×`viewportHeight` logical px
    /// showing `frame` (`scale` device px per logical px), before anything is drawn: the
    /// frame's one layout pass, which also asks the content for the pixels it will draw.
    /// Returns how far estimates corrected before the reading position moved it (logical px
    /// at that zoom): the caller adds it to its offset, so the frame it then draws and traces
    /// is the frame its pixels show (Flutter's `correctBy` in layout).
    public func layOut(_ content: any ContentLayout, frame: ScrollFrame, viewportWidth: Double, viewportHeight: Double,
                       scale: Double) -> ContentPoint {
        let zoom = max(frame.zoomScale, 0.01)
        let isZooming = frame.phase == .zooming || (lastZoom.map { $0 != zoom } ?? false)
        let drawScale = isZooming ? (settledScale ?? scale * zoom) : scale * zoom
        preparedFrame = PreparedFrame(zoom: zoom, scale: scale, isZooming: isZooming, drawScale: drawScale)
        var offsetX = frame.contentOffset.x, offsetY = frame.contentOffset.y
        var correction = ContentPoint.zero
        // Half a screen ahead, so content is laid out before it shows, and as far as tiles
        // reach past the viewport: a tile's height, and on content wider than the viewport
        // (pages side by side) a tile's width.
        let reach = content.contentSize.width > viewportWidth
            ? max(TileCache.tileHeightPixels,
                  TileCache.tileWidth(contentWidthPixels: Int((content.contentSize.width * scale * zoom).rounded())))
            : TileCache.tileHeightPixels
        let margin = viewportHeight / zoom / 2 + Double(reach) / (scale * zoom)
        for _ in 0..<3 {
            let visible = ContentRect(x: offsetX / zoom, y: offsetY / zoom, width: viewportWidth / zoom,
                                      height: viewportHeight / zoom)
            let moved = content.prepare(visible, margin: margin, drawScale: drawScale)
            offsetX += moved.x * zoom
            offsetY += moved.y * zoom
            correction.x += moved.x * zoom
            correction.y += moved.y * zoom
            if moved == .zero { break }
        }
        return correction
    }

    /// The buffer pixels that must be painted from tiles: all of them, or, when the buffer
    /// holds an earlier exact frame of the same content, the strips that come into view once
    /// its pixels are moved and the places its overlays covered.
    private func rectsToPaint(_ buffer: PixelBuffer, placement: ContentPlacement, previous: BufferContents?,
                              content: any ContentLayout) -> (buffer: PixelBuffer, rects: [DeviceRect]) {
        let whole = DeviceRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        guard let previous, previous.isExact, previous.width == buffer.width, previous.height == buffer.height,
              previous.contentScale == placement.scale,
              !changes(since: previous, touch: [previous.originY, placement.originY], height: buffer.height,
                       scale: placement.scale, content: content)
        else { return (buffer, [whole]) }
        let dx = placement.originX - previous.originX, dy = placement.originY - previous.originY
        guard abs(dx) < buffer.width, abs(dy) < buffer.height else { return (buffer, [whole]) }
        let moved = BufferBlit.move(buffer, dx: dx, dy: dy)
        return (moved, BufferBlit.exposedRects(width: buffer.width, height: buffer.height, dx: dx, dy: dy)
            + previous.overlays.map { $0.offsetBy(dx: -dx, dy: -dy).intersection(whole) }.filter { !$0.isEmpty })
    }

    /// Whether content changed since `contents` was drawn where a buffer `height` device px
    /// tall shows it from any of the device rows `origins` (at `scale`).
    private func changes(since contents: BufferContents, touch origins: [Int], height: Int, scale: Double,
                         content: any ContentLayout) -> Bool {
        switch content.changes(since: contents.contentRevision) {
        case .none:
            return false
        case .everything:
            return true
        case .band(let band):
            return origins.contains { origin in
                band.lowerBound < Double(origin + height) / scale && band.upperBound > Double(origin) / scale
            }
        }
    }

    /// The pixels that differ from the last rendered frame: only overlays when the content
    /// stood still, else everything.
    private func damage(from last: BufferContents?, to new: BufferContents, content: any ContentLayout) -> [DeviceRect] {
        let whole = DeviceRect(x: 0, y: 0, width: new.width, height: new.height)
        guard let last, last.isExact, new.isExact, last.width == new.width, last.height == new.height,
              last.contentScale == new.contentScale, last.originX == new.originX, last.originY == new.originY,
              !changes(since: last, touch: [new.originY], height: new.height, scale: new.contentScale, content: content)
        else { return [whole] }
        var damage: [DeviceRect] = []
        for rect in last.overlays + new.overlays where !damage.contains(rect) { damage.append(rect) }
        return damage
    }
}
