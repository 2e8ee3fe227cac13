import Glibc
import Machinery
import PDFFixtures
import PDFKind
import Render
import ScrollEngine

/// `glide-bench pages tilt`, two fingers turning the pages (issue 26): what a frame drawn
/// turned with the fingers costs (`FrameRenderer`'s tilt: the buffer copied and painted back
/// turned over the page colour) against the same frame drawn upright and whole, at 1280×800
/// logical px at scale 1 and 2, in alternating rounds of the same run.
enum PageTiltBenchmark {
    static func run() {
        let path = PDFFixture(pageCount: 12).write()
        defer { unlink(path) }
        for scale in [1.0, 2.0] {
            let (upright, tilted) = measure(path: path, scale: scale)
            print("tilt: a paged PDF page at 1280x800 logical px, scale \(RenderBenchmarks.rounded(scale, 0)), drawn whole: "
                + "upright \(RenderBenchmarks.rounded(upright, 2)) ms, turned 30° \(RenderBenchmarks.rounded(tilted, 2)) ms: "
                + "turned/upright = \(RenderBenchmarks.rounded(tilted / upright, 2))×")
        }
    }

    /// The median ms of a whole frame drawn upright and drawn turned 30°, once the page is sharp.
    private static func measure(path: String, scale: Double) -> (upright: Double, tilted: Double) {
        guard let file = try? PDFFile(path: path) else { fatalError("cannot open \(path)") }
        let layout = PDFLayout(file: file, paged: true)
        let view = PDFBenchmarks.view(of: layout, width: 1280, height: 800)
        let renderer = FrameRenderer()
        let buffer = OwnedBuffer(width: 1280, height: 800, scale: scale)
        func frame(tilt: Double?) -> Double {
            let start = nowNanoseconds()
            _ = renderer.render(layout, frame: view.frame, into: buffer.pixels, showing: nil, tiltDegrees: tilt)
            return RenderBenchmarks.milliseconds(since: start)
        }
        for _ in 0..<400 where !layout.isSharp {
            MainThreadMailbox.shared.deliverPending()
            _ = frame(tilt: nil)
            usleep(5000)
        }
        var upright: [Double] = [], tilted: [Double] = []
        for _ in 0..<60 {
            upright.append(frame(tilt: nil))
            tilted.append(frame(tilt: 30))
        }
        return (RenderBenchmarks.median(upright), RenderBenchmarks.median(tilted))
    }
}
