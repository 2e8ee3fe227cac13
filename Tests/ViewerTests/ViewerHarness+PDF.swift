import PDFKind
import ScrollEngine
import Viewer

extension ViewerHarness {
    /// Shows `pdf` with `options` in a window of `width`×`height`, once poppler has opened it
    /// and the view has come to rest.
    convenience init(opened pdf: PDFLayout, options: ViewerOptions, width: Int = 800, height: Int = 600) {
        self.init(layout: pdf, options: options, width: width, height: height)
        deliverBackgroundWork { pdf.isOpen }
        runUntilIdle()
    }

    /// A key as the keyboard gives it, with the `text` it types, in the next frame.
    func key(_ name: String, _ modifiers: InputModifiers = [], text: String = "") {
        viewer.handle(ViewerInput(.key(name, modifiers: modifiers), timeMilliseconds: time, text: text))
        drawFrame()
    }
}
