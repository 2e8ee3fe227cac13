import DocumentKit
import KindRegistry
import Machinery
import Render
import ScrollEngine

/// A document opened as `glide` opens it, laid out in a 1280x800 logical px window at scale 1,
/// and its first frame drawn: what `glide-bench comics` and `glide-bench djvu` time and
/// `glide-bench first-frame` counts. The window's buffer is the caller's, made before: as
/// the app's shared-memory buffer, it is no part of opening a document (zeroing 4 MB was 93 %
/// of a comic's first frame in instructions, the same for every comic).
struct FirstFrame {
    let layout: any DocumentContent
    private let view: ScrollView
    private let buffer: OwnedBuffer
    private let renderer = FrameRenderer()

    /// A buffer of the window's size.
    static func makeBuffer() -> OwnedBuffer { OwnedBuffer(width: 1280, height: 800, scale: 1) }

    /// Opens `path` and draws its first frame into `buffer` (`makeBuffer`).
    init(opening path: String, paged: Bool, into buffer: OwnedBuffer) {
        self.buffer = buffer
        guard let document = try? KindRegistry.open(path) else { fatalError("cannot open \(path)") }
        layout = document.makeLayout(palette: .light, paged: paged)
        view = PDFBenchmarks.view(of: layout, width: 1280, height: 800)
        draw()
    }

    /// Draws the next frame.
    func draw() {
        _ = renderer.render(layout, frame: view.frame, into: buffer.pixels, showing: nil)
    }

    /// Delivers the mailbox, drawing a frame after each delivery, until `isShown` says the
    /// frame shows what it waits for (at most 30 s).
    func drawUntil(_ isShown: () -> Bool) {
        MainThreadMailbox.shared.deliver(while: {
            draw()
            return !isShown()
        }, timeoutSeconds: 30)
    }

    /// Delivers the mailbox until what the first frame left to workers and renderers is done,
    /// so the next open does not share the machine with it.
    func settle() {
        MainThreadMailbox.shared.deliver(while: { layout.isReadingContent }, timeoutSeconds: 30)
    }
}
