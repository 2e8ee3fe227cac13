import Render
import ScrollEngine

/// Where panes sit in the window and in its buffer: the one place window rectangles turn
/// into buffer bands. glide-replay's `--split` uses the same rule.
public enum PaneGeometry {
    /// The outline's share of a split window's height: a list of a few headings above pages
    /// that stay large enough to read, as a master list sits above its detail.
    public static let outlineHeightFraction = 0.35

    /// The panes of a window: the whole window, or the outline's band at the top (whole
    /// logical px) and the pages below it.
    public static func rects(in size: LogicalSize, isSplit: Bool) -> [LogicalRect] {
        guard isSplit else { return [LogicalRect(x: 0, y: 0, width: size.width, height: size.height)] }
        let outlineHeight = (size.height * outlineHeightFraction).rounded()
        return [LogicalRect(x: 0, y: 0, width: size.width, height: outlineHeight),
                LogicalRect(x: 0, y: outlineHeight, width: size.width, height: size.height - outlineHeight)]
    }

    /// The band of whole buffer rows a pane at `rect` draws into, and its first row. Only a
    /// pane that fills the buffer keeps the buffer's room to slide: a band's slide would move
    /// the other panes with it.
    static func band(of buffer: PixelBuffer, for rect: LogicalRect) -> (pixels: PixelBuffer, top: Int) {
        let top = Int((rect.origin.y * buffer.scale).rounded())
        let bottom = Int(((rect.origin.y + rect.size.height) * buffer.scale).rounded())
        guard top != 0 || bottom != buffer.height else { return (buffer, 0) }
        return (PixelBuffer(pixels: buffer.pixels + top * buffer.stride, width: buffer.width, height: bottom - top,
                            stride: buffer.stride, scale: buffer.scale), top)
    }
}
