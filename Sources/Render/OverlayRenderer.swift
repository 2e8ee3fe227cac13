import CCairo
import CPangoCairo
import ScrollEngine

/// Draws what the scroll view shows on top of the content: the scroll indicators and the
/// page control. Both only observe the engine's models. Each drawing call returns the
/// logical rectangles it covered, so the next frame can repair the content under them.
struct OverlayRenderer {
    var style: OverlayStyle


    /// Draws the overlays of `frame`; `pageTitle` names what the current page shows, for the
    /// page label when several files are open, and `pageLabel` is the label printed on it;
    /// `shownPages` the document's pages it shows, where they are not the view's (a spread).
    func draw(_ frame: ScrollFrame, viewportWidth: Double, viewportHeight: Double, pageTitle: String? = nil,
              pageLabel: String? = nil, shownPages: ShownPages? = nil, on cairo: OpaquePointer) -> [LogicalRect] {
        var covered: [LogicalRect] = []
        let control = frame.pageControl
        let controlShown = !control.isHidden && control.numberOfPages > 0
        let clearance = controlShown && control.axis == .horizontal ? style.pageControlReservedHeightPixels : 0
        let inset = style.indicatorEdgeInsetPixels

        let vertical = frame.verticalIndicator
        if vertical.isEnabled, vertical.opacity > 0 {
            // The engine places the bar in the whole viewport; the page control's band is
            // taken out of its track so the bar never covers the dots.
            let ratio = (viewportHeight - clearance) / viewportHeight
            let thickness = thickness(of: vertical)
            let x = viewportWidth - inset - thickness
            if vertical.isExpanded {
                covered.append(fill(x: x, y: 0, width: thickness, height: viewportHeight - clearance,
                                    opacity: vertical.opacity * style.expandedTrackOpacity, on: cairo))
            }
            covered.append(fill(x: x, y: vertical.position * ratio, width: thickness, height: vertical.length * ratio,
                                opacity: vertical.opacity, on: cairo))
        }
        let horizontal = frame.horizontalIndicator
        if horizontal.isEnabled, horizontal.opacity > 0 {
            let thickness = thickness(of: horizontal)
            let y = viewportHeight - inset - thickness
            if horizontal.isExpanded {
                covered.append(fill(x: 0, y: y, width: viewportWidth, height: thickness,
                                    opacity: horizontal.opacity * style.expandedTrackOpacity, on: cairo))
            }
            covered.append(fill(x: horizontal.position, y: y, width: horizontal.length, height: thickness,
                                opacity: horizontal.opacity, on: cairo))
        }
        if controlShown {
            let layout = PageControlLayout(control, viewportWidth: viewportWidth, viewportHeight: viewportHeight, style: style)
            covered.append(drawPageControl(layout, on: cairo))
            if style.showsOverviewButton { covered.append(drawOverviewButton(layout, on: cairo)) }
            if control.labelOpacity > 0 {
                covered.append(drawPageLabel(layout.label(title: pageTitle, pageLabel: pageLabel, shownPages: shownPages), centerX: viewportWidth / 2,
                                             centerY: layout.labelCenterY,
                                             maximumWidth: viewportWidth - 2 * style.pageControlSideMarginPixels,
                                             opacity: control.labelOpacity, on: cairo))
            }
        }
        return covered
    }

    /// The transient `12 / 245` label on a backdrop like the control's, at `opacity`.
    private func drawPageLabel(_ text: String, centerX: Double, centerY: Double, maximumWidth: Double,
                               opacity: Double, on cairo: OpaquePointer) -> LogicalRect {
        let layout = pango_cairo_create_layout(cairo)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_new()!
        pango_font_description_set_family(font, "Sans")
        pango_font_description_set_absolute_size(font, style.pageLabelFontPixels * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        // A long file name is shortened in the middle, keeping its start and its extension.
        let padding = style.pageLabelFontPixels * 0.75
        pango_layout_set_width(layout, Int32(max(maximumWidth - 2 * padding, 1) * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        let width = Double(logical.width) + 2 * padding
        let height = Double(logical.height) + padding
        let x = (centerX - width / 2).rounded(), y = (centerY - height / 2).rounded()
        let backdropLevel = style.isOnDarkContent ? 0.0 : 1.0
        cairo_set_source_rgba(cairo, backdropLevel, backdropLevel, backdropLevel, style.pageControlBackdropOpacity * opacity)
        let rect = roundedBar(x: x, y: y, width: width, height: height, on: cairo)
        let level = style.isOnDarkContent ? 1.0 : 0.0
        cairo_set_source_rgba(cairo, level, level, level, style.currentDotOpacity * opacity)
        cairo_move_to(cairo, x + padding - Double(logical.x), y + padding / 2 - Double(logical.y))
        pango_cairo_show_layout(cairo, layout)
        return rect
    }

    /// A thin indicator, or a grabbable bar while the pointer is near it.
    private func thickness(of indicator: ScrollIndicatorModel) -> Double {
        indicator.isExpanded ? style.expandedIndicatorThicknessPixels : style.indicatorThicknessPixels
    }

    /// A rounded bar in the overlay ink at `opacity` of its full strength.
    private func fill(x: Double, y: Double, width: Double, height: Double, opacity: Double, on cairo: OpaquePointer) -> LogicalRect {
        let (level, alpha) = style.ink
        cairo_set_source_rgba(cairo, level, level, level, alpha * opacity)
        return roundedBar(x: x, y: y, width: width, height: height, on: cairo)
    }

    private func drawPageControl(_ layout: PageControlLayout, on cairo: OpaquePointer) -> LogicalRect {
        let backdropLevel = style.isOnDarkContent ? 0.0 : 1.0
        cairo_set_source_rgba(cairo, backdropLevel, backdropLevel, backdropLevel, style.pageControlBackdropOpacity)
        let backdrop = roundedBar(x: layout.backdropX, y: layout.centerY - layout.backdropHeight / 2,
                                  width: layout.backdropWidth, height: layout.backdropHeight, on: cairo)
        let level = style.isOnDarkContent ? 1.0 : 0.0
        for dot in layout.dots {
            cairo_set_source_rgba(cairo, level, level, level, dot.isCurrent ? style.currentDotOpacity : style.dotOpacity)
            cairo_new_sub_path(cairo)
            cairo_arc(cairo, dot.centerX, layout.centerY, dot.radius, 0, 2 * Double.pi)
            cairo_fill(cairo)
        }
        return backdrop
    }

    /// The window controls at `opacity` (see `WindowControls`).
    func drawWindowControls(_ controls: WindowControls, opacity: Double, viewportWidth: Double, on cairo: OpaquePointer) -> [LogicalRect] {
        guard opacity > 0 else { return [] }
        let (level, alpha) = style.ink
        let center = controls.closeCenter(windowWidth: viewportWidth)
        cairo_set_source_rgba(cairo, level, level, level, alpha * opacity)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, center.x, center.y, controls.closeRadiusPixels, 0, 2 * Double.pi)
        cairo_fill(cairo)
        let background = style.isOnDarkContent ? 0.0 : 1.0
        let arm = controls.closeRadiusPixels * 0.4
        cairo_set_source_rgba(cairo, background, background, background, opacity)
        cairo_set_line_width(cairo, 2)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_move_to(cairo, center.x - arm, center.y - arm)
        cairo_line_to(cairo, center.x + arm, center.y + arm)
        cairo_move_to(cairo, center.x + arm, center.y - arm)
        cairo_line_to(cairo, center.x - arm, center.y + arm)
        cairo_stroke(cairo)
        cairo_set_source_rgba(cairo, level, level, level, alpha * opacity)
        let handle = roundedBar(x: (viewportWidth - controls.handleWidthPixels) / 2,
                                y: controls.targetSizePixels / 2 - controls.handleHeightPixels / 2,
                                width: controls.handleWidthPixels, height: controls.handleHeightPixels, on: cairo)
        let radius = controls.closeRadiusPixels
        return [LogicalRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius), handle,
                drawOpenButton(controls, opacity: opacity, viewportWidth: viewportWidth, on: cairo)]
    }

    /// The Open… button: the close button's disc with a folder drawn in.
    private func drawOpenButton(_ controls: WindowControls, opacity: Double, viewportWidth: Double, on cairo: OpaquePointer) -> LogicalRect {
        let (level, alpha) = style.ink
        let center = controls.openCenter(windowWidth: viewportWidth), radius = controls.closeRadiusPixels
        cairo_set_source_rgba(cairo, level, level, level, alpha * opacity)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_fill(cairo)
        let background = style.isOnDarkContent ? 0.0 : 1.0
        cairo_set_source_rgba(cairo, background, background, background, opacity)
        cairo_set_line_width(cairo, 1.5)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        // A folder 12×9 px with its tab at the top left.
        let left = center.x - 6, top = center.y - 4, right = center.x + 6, bottom = center.y + 5
        cairo_move_to(cairo, left, bottom)
        cairo_line_to(cairo, left, top - 1.5)
        cairo_line_to(cairo, left + 4, top - 1.5)
        cairo_line_to(cairo, left + 5.5, top)
        cairo_line_to(cairo, right, top)
        cairo_line_to(cairo, right, bottom)
        cairo_close_path(cairo)
        cairo_stroke(cairo)
        return LogicalRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// A bar with fully rounded ends; returns its rectangle.
    func roundedBar(x: Double, y: Double, width: Double, height: Double, on cairo: OpaquePointer) -> LogicalRect {
        let radius = min(width, height) / 2
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - radius, y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cairo, x + width - radius, y + height - radius, radius, 0, Double.pi / 2)
        cairo_arc(cairo, x + radius, y + height - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cairo, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
        cairo_fill(cairo)
        return LogicalRect(x: x, y: y, width: width, height: height)
    }
}
