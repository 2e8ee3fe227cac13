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
/// machine's other load does not count), spread over single: the median of the rounds' ratios,
/// each round of spreads against the round of single pages just before it, so a change of the
/// machine's load between rounds moves both sides of a ratio.
///
/// Both draw into the same two buffers in turn, as the window does (`BufferChain` keeps up to
/// three, and a frame goes into one the compositor has released) and as `glide-bench render`'s
/// scrolling does. Until issue 26's last change each drew into one buffer of its own, the same
/// 16 MB every frame: a single page's frame (that buffer and one page's pieces, 24 MB) fits the
/// VM's 32 MB last-level cache and a spread's (31 MB) hardly does, so the single page's frame
/// found its pixels warm from the frame before, which a window's frames, their buffers read by
/// the compositor in between, do not (`--one-buffer` still measures it so).
enum SpreadBenchmark {
    static let width = 1280.0, height = 800.0, scale = 2.0
    /// Rounds of each: with 5, one run's figure was 1.13–1.36× across runs on the shared 2-core
    /// VM (load 7–8), single rounds' ratios 0.74–1.35× within one run; the median of 15 rounds'
    /// ratios moved 1.09–1.11× across three runs (README, "Performance").
    static let rounds = 15
    static let framesPerRound = 20
    /// The page shown: past the first, whose table of contents is lighter than a text page.
    static let readerPage = 10

    static func run(arguments: [String]) {
        let oneBuffer = arguments.contains("--one-buffer")
        let path = PDFFixture(pageCount: 40).write()
        defer { unlink(path) }
        let buffers = (0..<(oneBuffer ? 1 : 2)).map { _ in OwnedBuffer(width: width, height: height, scale: scale) }
        let single = shownSharp(path: path, spreads: false, buffers: buffers)
        let spread = shownSharp(path: path, spreads: true, buffers: buffers)
        var singleTimes: [Double] = [], spreadTimes: [Double] = [], ratios: [Double] = []
        for _ in 0..<rounds {
            singleTimes.append(frameMilliseconds(single, buffers: buffers))
            spreadTimes.append(frameMilliseconds(spread, buffers: buffers))
            ratios.append(spreadTimes.last! / singleTimes.last!)
        }
        let one = RenderBenchmarks.median(singleTimes), two = RenderBenchmarks.median(spreadTimes)
        let ratio = RenderBenchmarks.median(ratios)
        print("glide-bench pages, spreads: a 40-page PDF (PDFFixture) paged at \(Int(width))x\(Int(height)) logical px, "
            + "scale \(Int(scale)), page \(readerPage + 1) and its spread sharp; loop CPU per whole frame (layout + render) "
            + "into \(buffers.count == 1 ? "one buffer" : "two buffers in turn"); \(rounds) rounds of \(framesPerRound) frames")
        print("  single page \(RenderBenchmarks.rounded(one, 3)) ms, spread of two \(RenderBenchmarks.rounded(two, 3)) ms (medians); "
            + "spread/single = \(RenderBenchmarks.rounded(ratio, 3))× (median of the rounds' ratios, "
            + "\(RenderBenchmarks.rounded(ratios.min()!, 2))–\(RenderBenchmarks.rounded(ratios.max()!, 2))×; goal ≤ 1.3×)")
    }

    private typealias Shown = (layout: PDFLayout, view: ScrollView, renderer: FrameRenderer)

    /// A paged layout of `path` at the reader's page, one page a view or in spreads, with a
    /// view and a renderer, drawn until every page on screen is sharp.
    private static func shownSharp(path: String, spreads: Bool, buffers: [OwnedBuffer]) -> Shown {
        guard let file = try? PDFFile(path: path) else { fatalError("cannot open \(path)") }
        let layout = PDFLayout(file: file, paged: true)
        layout.arrange(spreads: spreads, cover: false, keepingPageAt: nil)
        layout.readingAnchor = ReadingAnchor(section: readerPage, block: 0, fraction: 0)
        let renderer = FrameRenderer()
        var view = PDFBenchmarks.view(of: layout, width: width, height: height)
        draw(layout, view: view, renderer: renderer, into: buffers[0])
        let start = nowNanoseconds()
        while !layout.isSharp, RenderBenchmarks.milliseconds(since: start) < 20_000 {
            usleep(2_000)
            _ = MainThreadMailbox.shared.deliverPending()
            view.setContentSize(LogicalSize(width: layout.contentSize.width, height: layout.contentSize.height), timeMilliseconds: 0)
            let anchor = layout.anchorOffset
            view.scroll(to: LogicalPoint(x: anchor.x, y: anchor.y), animated: false, timeMilliseconds: 0)
            draw(layout, view: view, renderer: renderer, into: buffers[0])
        }
        guard layout.isSharp else { fatalError("the pages did not become sharp in 20 s") }
        return (layout, view, renderer)
    }

    /// One frame as the viewer's pipeline draws it: laid out, then rendered whole.
    private static func draw(_ layout: PDFLayout, view: ScrollView, renderer: FrameRenderer, into buffer: OwnedBuffer) {
        _ = renderer.layOut(layout, frame: view.frame, viewportWidth: width, viewportHeight: height, scale: scale)
        _ = renderer.render(layout, frame: view.frame, into: buffer.pixels, showing: nil)
    }

    /// The loop thread's CPU time per frame over one round, ms, the frames going into the
    /// buffers in turn.
    private static func frameMilliseconds(_ shown: Shown, buffers: [OwnedBuffer]) -> Double {
        let start = PDFBenchmarks.threadMilliseconds()
        for frame in 0..<framesPerRound {
            draw(shown.layout, view: shown.view, renderer: shown.renderer, into: buffers[frame % buffers.count])
        }
        return (PDFBenchmarks.threadMilliseconds() - start) / Double(framesPerRound)
    }
}
