import DocumentKit
import Glibc
import Machinery
import PDFFixtures
import PDFKind
import Render
import ScrollEngine

/// `glide-bench pages spread` (issue 26): what a frame of two pages side by side costs against
/// a frame of one page, in the same run. The same PDF (PDFFixture: text, a coloured image every
/// third page) paged at 1280×800 logical px, scale 2 (a laptop's HiDPI panel), once one page a
/// view and once in spreads without the cover (pairs of Letter pages, each as large as the
/// single page: twice the page pixels); every page on screen sharp first, then frames drawn
/// whole (laid out and rendered with no previous buffer, as the frame a page turn lands on) in
/// alternating rounds. The figure is the loop thread's CPU time per frame (so the shared
/// machine's other load does not count), spread over single.
enum SpreadBenchmark {
    static let width = 1280.0, height = 800.0, scale = 2.0
    static let rounds = 5
    static let framesPerRound = 20
    /// The page shown: past the first, whose table of contents is lighter than a text page.
    static let readerPage = 10

    static func run() {
        let path = PDFFixture(pageCount: 40).write()
        defer { unlink(path) }
        let single = shownSharp(path: path, spreads: false)
        let spread = shownSharp(path: path, spreads: true)
        var singleTimes: [Double] = [], spreadTimes: [Double] = []
        for _ in 0..<rounds {
            singleTimes.append(frameMilliseconds(single))
            spreadTimes.append(frameMilliseconds(spread))
        }
        let one = RenderBenchmarks.median(singleTimes), two = RenderBenchmarks.median(spreadTimes)
        print("glide-bench pages, spreads: a 40-page PDF (PDFFixture) paged at \(Int(width))x\(Int(height)) logical px, "
            + "scale \(Int(scale)), page \(readerPage + 1) and its spread sharp; loop CPU per whole frame (layout + render), "
            + "medians of \(rounds) rounds of \(framesPerRound) frames")
        print("  single page \(RenderBenchmarks.rounded(one, 3)) ms, spread of two \(RenderBenchmarks.rounded(two, 3)) ms: "
            + "spread/single = \(RenderBenchmarks.rounded(two / one, 3))× (goal ≤ 1.3×)")
    }

    /// A paged layout of `path` at the reader's page, one page a view or in spreads, with a
    /// view and a renderer, drawn until every page on screen is sharp.
    private static func shownSharp(path: String, spreads: Bool) -> (layout: PDFLayout, view: ScrollView, renderer: FrameRenderer,
                                                                      buffer: OwnedBuffer) {
        guard let file = try? PDFFile(path: path) else { fatalError("cannot open \(path)") }
        let layout = PDFLayout(file: file, paged: true)
        layout.arrange(spreads: spreads, cover: false, keepingPageAt: nil)
        layout.readingAnchor = ReadingAnchor(section: readerPage, block: 0, fraction: 0)
        let buffer = OwnedBuffer(width: width, height: height, scale: scale)
        let renderer = FrameRenderer()
        var view = PDFBenchmarks.view(of: layout, width: width, height: height)
        draw(layout, view: view, renderer: renderer, into: buffer)
        let start = nowNanoseconds()
        while !layout.isSharp, RenderBenchmarks.milliseconds(since: start) < 20_000 {
            usleep(2_000)
            _ = MainThreadMailbox.shared.deliverPending()
            view.setContentSize(LogicalSize(width: layout.contentSize.width, height: layout.contentSize.height), timeMilliseconds: 0)
            let anchor = layout.anchorOffset
            view.scroll(to: LogicalPoint(x: anchor.x, y: anchor.y), animated: false, timeMilliseconds: 0)
            draw(layout, view: view, renderer: renderer, into: buffer)
        }
        guard layout.isSharp else { fatalError("the pages did not become sharp in 20 s") }
        return (layout, view, renderer, buffer)
    }

    /// One frame as the viewer's pipeline draws it: laid out, then rendered whole.
    private static func draw(_ layout: PDFLayout, view: ScrollView, renderer: FrameRenderer, into buffer: OwnedBuffer) {
        _ = renderer.layOut(layout, frame: view.frame, viewportWidth: width, viewportHeight: height, scale: scale)
        _ = renderer.render(layout, frame: view.frame, into: buffer.pixels, showing: nil)
    }

    /// The loop thread's CPU time per frame over one round, ms.
    private static func frameMilliseconds(_ shown: (layout: PDFLayout, view: ScrollView, renderer: FrameRenderer, buffer: OwnedBuffer)) -> Double {
        let start = PDFBenchmarks.threadMilliseconds()
        for _ in 0..<framesPerRound { draw(shown.layout, view: shown.view, renderer: shown.renderer, into: shown.buffer) }
        return (PDFBenchmarks.threadMilliseconds() - start) / Double(framesPerRound)
    }
}
