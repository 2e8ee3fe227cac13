import CCairo
import DocumentKit
import ImageDecoding

/// Something drawn in a line of text besides its glyphs: a key cap behind a `<kbd>`, or an
/// image in the place of a U+FFFC (a logo in a heading). Placed when the block is shaped, in
/// logical px: `x` from the layout's left edge (alignment included, as pango gives it), `top`
/// from the line's baseline (negative above it).
struct InlineObject {
    enum Content {
        /// A rounded frame behind the key's text, filled and bordered.
        case keyCap(fill: Palette.Color, border: Palette.Color)
        case image(DecodedImage)
        /// An image still being decoded: a tinted slot of the size it will take.
        case pendingImage(tint: Palette.Color)
    }

    let content: Content
    /// The layout line the object sits in.
    let line: Int
    let x: Double
    let top: Double
    let width: Double
    let height: Double

    /// Whether it is drawn under the line's glyphs (a key cap) rather than over them.
    var isBehindText: Bool {
        if case .keyCap = content { return true }
        return false
    }

    /// A key cap's corner radius in logical px: GitHub's `<kbd>` rounds 6 px of an 18 px box;
    /// a third of that reads as a key at our smaller padding without looking like a pill.
    static let keyCapCornerRadiusPixels = 3.0

    /// Draws the object for a line whose layout's left edge is at `x` and baseline at
    /// `baselineY`. Leaves cairo's source as it found it.
    func draw(layoutX: Double, baselineY: Double, on cairo: OpaquePointer) {
        let left = layoutX + x, top = baselineY + self.top
        switch content {
        case .image(let image):
            image.draw(x: left.rounded(), y: top.rounded(), width: width, height: height, on: cairo)
        case .pendingImage(let tint):
            cairo_save(cairo)
            set(tint, on: cairo)
            cairo_rectangle(cairo, left.rounded(), top.rounded(), width, height)
            cairo_fill(cairo)
            cairo_restore(cairo)
        case .keyCap(let fill, let border):
            cairo_save(cairo)
            // On the half pixel, so the 1 px border is one crisp row of pixels at scale 1.
            let x0 = left.rounded() + 0.5, y0 = top.rounded() + 0.5
            let x1 = (left + width).rounded() - 0.5, y1 = (top + height).rounded() - 0.5
            roundedRectangle(x0, y0, x1, y1, radius: InlineObject.keyCapCornerRadiusPixels, on: cairo)
            set(fill, on: cairo)
            cairo_fill_preserve(cairo)
            set(border, on: cairo)
            cairo_set_line_width(cairo, 1)
            cairo_stroke(cairo)
            // A second row of border along the bottom, as a key's lower edge (GitHub's
            // `<kbd>` draws it with an inset shadow).
            cairo_move_to(cairo, x0 + InlineObject.keyCapCornerRadiusPixels, y1 - 1)
            cairo_line_to(cairo, x1 - InlineObject.keyCapCornerRadiusPixels, y1 - 1)
            cairo_stroke(cairo)
            cairo_restore(cairo)
        }
    }

    private func roundedRectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, radius: Double,
                                  on cairo: OpaquePointer) {
        let r = min(radius, (x1 - x0) / 2, (y1 - y0) / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x1 - r, y0 + r, r, -Double.pi / 2, 0)
        cairo_arc(cairo, x1 - r, y1 - r, r, 0, Double.pi / 2)
        cairo_arc(cairo, x0 + r, y1 - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cairo, x0 + r, y0 + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }

    private func set(_ color: Palette.Color, on cairo: OpaquePointer) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }
}
