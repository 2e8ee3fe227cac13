import CCairo
import ScrollEngine

/// Draws what the scroll view shows on top of the content: the scroll indicators and the
/// page control. Both only observe the engine's models.
struct OverlayRenderer {
    var style: OverlayStyle

    func draw(_ frame: ScrollFrame, viewportWidth: Double, viewportHeight: Double, on cairo: OpaquePointer) {
        let control = frame.pageControl
        let controlShown = !control.isHidden && control.numberOfPages > 0
        let clearance = controlShown && control.axis == .horizontal ? style.pageControlClearancePixels : 0
        let (level, alpha) = style.ink
        let thickness = style.indicatorThicknessPixels
        let inset = style.indicatorEdgeInsetPixels

        let vertical = frame.verticalIndicator
        if vertical.isEnabled, vertical.opacity > 0 {
            // The engine places the bar in the whole viewport; the page control's band is
            // taken out of its track so the bar never covers the dots.
            let track = viewportHeight - clearance
            let ratio = track / viewportHeight
            cairo_set_source_rgba(cairo, level, level, level, alpha * vertical.opacity)
            roundedBar(x: viewportWidth - inset - thickness, y: vertical.position * ratio,
                       width: thickness, height: vertical.length * ratio, on: cairo)
        }
        let horizontal = frame.horizontalIndicator
        if horizontal.isEnabled, horizontal.opacity > 0 {
            cairo_set_source_rgba(cairo, level, level, level, alpha * horizontal.opacity)
            roundedBar(x: horizontal.position, y: viewportHeight - inset - thickness,
                       width: horizontal.length, height: thickness, on: cairo)
        }
        if controlShown {
            drawPageControl(control, viewportWidth: viewportWidth, viewportHeight: viewportHeight, on: cairo)
        }
    }

    private func drawPageControl(_ control: PageControlModel, viewportWidth: Double, viewportHeight: Double,
                                 on cairo: OpaquePointer) {
        let centerX = viewportWidth / 2
        let centerY = viewportHeight - style.pageControlBottomInsetPixels
        let halfWidth = control.centerOfDot(control.numberOfPages - 1) + style.pageControlBackdropHeightPixels / 2
        let backdropLevel = style.isOnDarkContent ? 0.0 : 1.0
        cairo_set_source_rgba(cairo, backdropLevel, backdropLevel, backdropLevel, 0.75)
        roundedBar(x: centerX - halfWidth, y: centerY - style.pageControlBackdropHeightPixels / 2,
                   width: 2 * halfWidth, height: style.pageControlBackdropHeightPixels, on: cairo)
        let level = style.isOnDarkContent ? 1.0 : 0.0
        for page in 0..<control.numberOfPages {
            let isCurrent = page == control.currentPage
            cairo_set_source_rgba(cairo, level, level, level, isCurrent ? style.currentDotOpacity : style.dotOpacity)
            cairo_new_sub_path(cairo)
            cairo_arc(cairo, centerX + control.centerOfDot(page), centerY,
                      isCurrent ? style.currentDotRadiusPixels : style.dotRadiusPixels, 0, 2 * Double.pi)
            cairo_fill(cairo)
        }
    }

    /// The window controls at `opacity` (see `WindowControls`).
    func drawWindowControls(_ controls: WindowControls, opacity: Double, viewportWidth: Double, on cairo: OpaquePointer) {
        guard opacity > 0 else { return }
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
        roundedBar(x: (viewportWidth - controls.handleWidthPixels) / 2, y: controls.targetSizePixels / 2 - controls.handleHeightPixels / 2,
                   width: controls.handleWidthPixels, height: controls.handleHeightPixels, on: cairo)
    }

    /// A bar with fully rounded ends.
    private func roundedBar(x: Double, y: Double, width: Double, height: Double, on cairo: OpaquePointer) {
        let radius = min(width, height) / 2
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - radius, y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cairo, x + width - radius, y + height - radius, radius, 0, Double.pi / 2)
        cairo_arc(cairo, x + radius, y + height - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cairo, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
        cairo_fill(cairo)
    }
}
