import Document
import Render
import WaylandClient

/// The composition root's state: one document shown in one window.
final class Viewer {
    static let appID = "dev.glide.Glide"

    private let window: Window
    private let layout: DocumentLayout
    private let renderer = FrameRenderer()
    /// How far the document is scrolled, in logical px from its top.
    private var offsetY = 0.0
    private(set) var isQuitRequested = false

    init(document: Document, registry: Registry) {
        layout = DocumentLayout(document: document)
        window = Window(registry: registry, title: "\(document.title) — Glide", appID: Viewer.appID,
                        width: 1024, height: 768)
        window.onResize = { [unowned self] in
            layout.layout(width: Double(window.width))
        }
        window.onDraw = { [unowned self] buffer, scale, _ in
            draw(into: buffer, scale: scale)
        }
        for seat in registry.seats { listen(to: seat) }
        registry.onSeatAdded = { [unowned self] seat in listen(to: seat) }
    }

    /// Whether the loop should stop: the user quit or the compositor closed the window.
    var isFinished: Bool { isQuitRequested || window.isCloseRequested }

    private func listen(to seat: Seat) {
        seat.onKey = { [unowned self] key in handle(key) }
    }

    private func handle(_ key: KeyEvent) {
        let isQuit = key.name == "Escape"
            || (key.name.lowercased() == "q" && (key.modifiers.isEmpty || key.modifiers == .control))
        if isQuit { isQuitRequested = true }
    }

    private func draw(into buffer: ShmBuffer, scale: Int32) -> [PixelRect] {
        let pixels = PixelBuffer(pixels: buffer.pixels, width: Int(buffer.width), height: Int(buffer.height),
                                 stride: Int(buffer.stride), scale: Double(scale))
        renderer.render(layout, offsetY: offsetY, into: pixels)
        return [PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)]
    }
}
