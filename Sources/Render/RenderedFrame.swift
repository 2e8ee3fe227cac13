import DocumentKit

/// What a buffer shows after a frame was rendered into it. The app keeps it with the buffer
/// and hands it back the next time it renders into that buffer, so a scrolling frame can move
/// the pixels already there instead of drawing them again.
public struct BufferContents: Equatable, Sendable {
    /// The buffer's size in device px.
    let width: Int
    let height: Int
    /// Device px per logical content px at zoom 1 the content was drawn at (scale × zoom).
    let contentScale: Double
    /// Whether the content was drawn at exactly `contentScale` (not stretched during a pinch).
    let isExact: Bool
    /// The device pixel of the content (at `contentScale`) at the buffer's top-left.
    let originX: Int
    let originY: Int
    /// The content layout's revision the pixels were drawn from.
    let contentRevision: Int
    /// Where overlays (indicators, page control, window controls) cover the content.
    let overlays: [DeviceRect]
}

/// The result of rendering one frame.
public struct RenderedFrame: Sendable {
    /// Buffer pixels that differ from the frame rendered before this one (for
    /// `wl_surface.damage_buffer`); empty when nothing changed.
    public var damage: [DeviceRect]
    /// What the buffer now shows: pass it back when rendering into this buffer again.
    public var contents: BufferContents
    /// How many bytes further on (back when negative) in its memory the buffer now starts:
    /// the frame slid it over its room (`PixelBuffer.roomBeforeBytes`) instead of moving its
    /// pixels. The caller shows the buffer from there and renders into it from there next.
    public var slideBytes: Int
    /// How far the content moved down under the reading position (logical px at the frame's
    /// zoom) because estimated heights above it were corrected: add it to the engine's
    /// vertical offset. The frame was drawn with it applied.
    public var contentOffsetCorrection: Double
    /// The same across (logical px at the frame's zoom): how far pages side by side moved
    /// right because estimated pages before them were corrected; add it to the engine's
    /// horizontal offset. Whole pages.
    public var horizontalContentOffsetCorrection: Double
    /// The content's size at zoom 1 after laying out what the frame shows: give it to the
    /// engine when it changed.
    public var contentSize: ContentSize
}
