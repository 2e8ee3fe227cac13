import Render
import ScrollEngine

/// How a frame is timed: by the compositor's frame callback (its time in ms), at once for
/// input or a content change (the viewer's latest time), or by the loop's fallback timer
/// after frame callbacks stopped coming (the ms elapsed since the last frame).
public enum FrameTime: Sendable, Equatable {
    case callback(milliseconds: Double)
    case immediate
    case fallback(elapsedMilliseconds: Double)
}

/// What one `DocumentViewer.frame(at:into:bufferID:)` produced: what to commit, and whether
/// to come back.
public struct ViewerFrame: Sendable {
    /// The frame's number, counting from 1.
    public var number: Int
    /// The document pane's engine frame as drawn (after layout corrections): the trace line.
    public var traced: ScrollFrame
    /// Changed rectangles in buffer pixels.
    public var damage: [DeviceRect]
    /// Whether the next frame must be drawn without new input (an animation or fade runs).
    public var isAnimating: Bool
    /// Whether nothing will change without new input and no input is in progress.
    public var isAtRest: Bool
    /// Whether everything has just come to rest: the reading position is worth saving now
    /// (at rest and at exit, never per frame).
    public var savesReadingPosition: Bool
    /// How many bytes further on in its memory the buffer now starts (`RenderedFrame.slideBytes`):
    /// show it, and draw into it next, from there.
    public var slideBytes = 0
}
