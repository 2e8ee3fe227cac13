import DocumentKit
import Render

/// One scroll view of the window and the content it shows, drawn into a band of the buffer.
public final class Pane {
    /// The view's index in the scene.
    public let view: Int
    /// Replaced when a link opens another document (and back).
    public internal(set) var layout: any ContentLayout
    /// Each pane keeps its own tiles (a new layout gets a new renderer).
    public internal(set) var renderer = FrameRenderer()
    /// What each buffer's band holds (see `BufferContents`), so a scrolling frame moves its
    /// pixels; forgotten when the buffer size changes, since the app then makes new buffers.
    var bufferContents: [ObjectIdentifier: BufferContents] = [:]

    init(view: Int, layout: any ContentLayout) {
        self.view = view
        self.layout = layout
    }
}
