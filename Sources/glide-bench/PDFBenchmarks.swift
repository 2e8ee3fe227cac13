import CCairo
import DocumentKit
import KindRegistry
import PageKit
import PDFKind
import TextKind
import Glibc
import Machinery
import PDFFixtures
import Render
import ScrollEngine

/// `glide-bench pdf`: the PDF figures of issue 15, as ratios to baselines measured in the same
/// run. PDFs are generated with cairo's PDF surface (PDFFixture) and deleted afterwards.
enum PDFBenchmarks {
    /// One frame period at 60 Hz, in ms.
    static let framePeriodMilliseconds = 1000.0 / 60

    /// The calling thread's CPU time in ms: what the frame loop spends, without the time other
    /// processes of a shared machine take the core (wall time is shown beside it).
    static func threadMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    static func run() {
        var paths: [String] = []
        defer { for path in paths { unlink(path) } }
        func write(_ fixture: PDFFixture) -> String {
            let path = fixture.write()
            paths.append(path)
            return path
        }
        let (onePage, twoThousand) = writeFirstFrameDocuments()
        paths += [onePage, twoThousand]
        let threeHundred = writeTextHeavy()
        paths.append(threeHundred)
        let fiveHundred = write(PDFFixture(pageCount: 500))

        // First, while the process's heap holds nothing of the other measurements.
        let memory = anonymousMemoryAfterFlicks(path: fiveHundred)

        printFirstFrames(onePage: onePage, twoThousand: twoThousand)

        let fling = flingThrough(path: threeHundred)
        print("fling at 5000 px/s for 6 s through a 300-page text-heavy PDF (loop thread CPU time: deliveries + frame)")
        print("  median \(RenderBenchmarks.rounded(fling.median, 3)) ms, fill floor \(RenderBenchmarks.rounded(fling.floor, 3)) ms: "
            + "median/floor = \(RenderBenchmarks.rounded(fling.median / fling.floor, 2))× (goal ≤ 3×)")
        print("  fill floor paced as the frames are (a fill of the buffer a frame would draw next, every 16.7 ms, so its cache "
            + "has gone cold as a frame's has): \(RenderBenchmarks.rounded(fling.pacedFloor, 3)) ms: median/paced floor = "
            + "\(RenderBenchmarks.rounded(fling.median / fling.pacedFloor, 2))×")
        print("  slowest \(RenderBenchmarks.rounded(fling.slowest, 2)) ms; frames over 8 ms \(fling.over8) of \(fling.frames) (goal 0); "
            + "wall clock on this machine: median \(RenderBenchmarks.rounded(fling.wallMedian, 2)) ms, slowest \(RenderBenchmarks.rounded(fling.wallSlowest, 1)) ms")
        print("  frames with a blank visible page area \(fling.blank) of \(fling.frames) = \(RenderBenchmarks.rounded(Double(fling.blank) / Double(fling.frames), 3)) (goal 0); "
            + "frames with a placeholder \(fling.placeholders); pages rendered \(fling.jobs)")

        printOwnCost(path: threeHundred)

        printZoomEndToCrisp(path: threeHundred)

        print("anonymous memory: first frame \(RenderBenchmarks.rounded(memory.first, 1)) MB, after flicking 500 pages at zoom 1, 2, 4: "
            + "\(RenderBenchmarks.rounded(memory.after, 1)) MB, +\(RenderBenchmarks.rounded(memory.after - memory.first, 1)) MB (goal ≤ 160), "
            + "with the page renderers' own; besides, the pixels they drew, in shared memory Glide maps: "
            + "\(RenderBenchmarks.rounded(memory.shared, 1)) MB")
    }

    /// The first frames' PDFs: 1 page and 2,000 pages of 8 lines, the second without an
    /// outline. The caller deletes them.
    static func writeFirstFrameDocuments() -> (onePage: String, twoThousand: String) {
        var light = PDFFixture(pageCount: 1)
        light.linesPerPage = 8
        let onePage = light.write()
        light.pageCount = 2000
        light.hasOutline = false
        return (onePage, light.write())
    }

    /// The first frames of a 1-page and a 2,000-page PDF (`runs` of each, after one unmeasured)
    /// and when poppler's own open ended, printed; alone with `glide-bench pdf --first-frame N`.
    static func printFirstFrames(onePage: String, twoThousand: String, runs: Int = 9) {
        _ = firstFrame(path: onePage)  // fontconfig, pango and poppler start up once
        let runs1 = (0..<runs).map { _ in firstFrame(path: onePage) }, runs2000 = (0..<runs).map { _ in firstFrame(path: twoThousand) }
        let first1 = RenderBenchmarks.median(runs1.map(\.milliseconds))
        let first2000 = RenderBenchmarks.median(runs2000.map(\.milliseconds))
        print("glide-bench pdf: PDFs written by cairo, 1280x800 logical px at scale 1 unless said, medians")
        print("first frame (wall clock from opening the file to the frame drawn) 1 page \(RenderBenchmarks.rounded(first1, 2)) ms, "
            + "2000 pages \(RenderBenchmarks.rounded(first2000, 2)) ms: 2000/1 = \(RenderBenchmarks.rounded(first2000 / first1, 2))× (goal ≤ 1.5×)")
        print("  it shows placeholder pages (no page is rendered yet); poppler had opened the file, so the page count was known, "
            + "in \(runs1.filter(\.isOpen).count) of \(runs) runs for 1 page, \(runs2000.filter(\.isOpen).count) of \(runs) for 2000 pages")
        let opened1 = RenderBenchmarks.median(runs1.map(\.openedMilliseconds))
        let opened2000 = RenderBenchmarks.median(runs2000.map(\.openedMilliseconds))
        print("  poppler's open ends (page count and first page size known, on its own thread) at 1 page "
            + "\(RenderBenchmarks.rounded(opened1, 2)) ms, 2000 pages \(RenderBenchmarks.rounded(opened2000, 2)) ms: "
            + "2000/1 = \(RenderBenchmarks.rounded(opened2000 / opened1, 2))×")
    }

    /// The zoom's end to crisp pixels (`zoomEndToCrisp`), printed, on `path` or on the fling's
    /// 300 text-heavy pages written for it; with each zoom's time and the renders so far when
    /// it runs alone (`glide-bench pdf --zoom`).
    static func printZoomEndToCrisp(path given: String? = nil) {
        let path = given ?? writeTextHeavy()
        defer { if given == nil { unlink(path) } }
        let crisp = zoomEndToCrisp(path: path, printsSteps: given == nil)
        print("zoom end to crisp pixels at 2560x1600, text-heavy page, zooms 1.5…4: median \(RenderBenchmarks.rounded(crisp.median, 1)) ms, "
            + "slowest \(RenderBenchmarks.rounded(crisp.slowest, 1)) ms (goal median < 150 ms); one frame period = "
            + "\(RenderBenchmarks.rounded(crisp.median / framePeriodMilliseconds, 2))× 16.7 ms")
    }

    /// The fling's 300 pages: text on every page, no table of contents page with white space
    /// below it. The caller deletes the file.
    static func writeTextHeavy() -> String {
        var textHeavy = PDFFixture(pageCount: 300)
        textHeavy.hasLinks = false
        return textHeavy.write()
    }

    /// Opening a PDF and drawing its first frame, as `glide` does, in ms of wall-clock time:
    /// poppler opens the file on a thread of its own meanwhile, and the frame shows what is
    /// known by then (placeholder pages; the page count if the open has ended).
    private static func firstFrame(path: String) -> (milliseconds: Double, isOpen: Bool, openedMilliseconds: Double) {
        let start = nowNanoseconds()
        // As the registry opens it: the kind recognised from the file's first bytes.
        guard let source = try? SourceBytes(path: path), PDFKind.recognises(head: source.head(FileFormat.sniffedBytes), path: path),
              let file = try? PDFFile(openingInBackground: path), case let layout = PDFLayout(file: file)
        else { fatalError("cannot open \(path)") }
        let view = view(of: layout, width: 1280, height: 800)
        let buffer = OwnedBuffer(width: 1280, height: 800, scale: 1)
        _ = FrameRenderer().render(layout, frame: view.frame, into: buffer.pixels, showing: nil)
        let milliseconds = RenderBenchmarks.milliseconds(since: start)
        let isOpen = layout.isOpen
        // The next run starts on an idle machine: poppler's open and the worker's first
        // renders end first.
        try? file.waitUntilOpened()
        return (milliseconds, isOpen, RenderBenchmarks.milliseconds(since: start))
    }

    /// A PDF's document and layout once poppler has opened it, for the measurements after
    /// the first frame.
    static func openedLayout(path: String) -> PDFLayout {
        guard let file = try? PDFFile(path: path), case let layout = PDFLayout(file: file)
        else { fatalError("cannot open \(path)") }
        return layout
    }

    struct Fling {
        var median: Double, floor: Double, pacedFloor = 0.0, slowest: Double, wallMedian: Double, wallSlowest: Double
        var over8 = 0, frames = 0, blank = 0, placeholders = 0, jobs = 0
        /// The frames (from 0) with a placeholder in view.
        var placeholderFrames: [Int] = []
        /// The slowest frame: its number, how many deliveries it ran, and its loop-thread CPU
        /// time split into those deliveries and the drawing, ms.
        var slowestFrame = 0, slowestDeliveries = 0, slowestDeliveryMilliseconds = 0.0, slowestDrawMilliseconds = 0.0

        /// The slowest frame: its number, its deliveries and its drawing.
        var slowestFrameDescription: String {
            "frame \(slowestFrame): \(slowestDeliveries) deliveries \(RenderBenchmarks.rounded(slowestDeliveryMilliseconds, 2)) ms"
                + " + drawing \(RenderBenchmarks.rounded(slowestDrawMilliseconds, 2)) ms"
        }
    }

    /// Issue 25's "no cost of its own": the fling of `flingThrough` through the pages of `path`
    /// in a `PageColumn`, alternately from renderer processes and from an in-process thread,
    /// `runs` times each; each run's loop-thread median and slowest frame, and the medians of
    /// the runs' figures as ratios.
    static func printOwnCost(path: String, runs: Int = 3) {
        var processes: [Fling] = [], inProcess: [Fling] = []
        for _ in 0..<runs {
            processes.append(flingThrough(PageColumn(path: path, source: .rendererProcesses)) { $0.renderedJobCount })
            inProcess.append(flingThrough(PageColumn(path: path, source: .inProcessThread)) { $0.renderedJobCount })
        }
        func list(_ flings: [Fling], _ figure: (Fling) -> Double) -> String {
            "[" + flings.map { RenderBenchmarks.rounded(figure($0), 3) }.joined(separator: ", ") + "]"
        }
        func slowestFrames(_ flings: [Fling]) -> String { flings.map(\.slowestFrameDescription).joined(separator: "; ") }
        func median(_ flings: [Fling], _ figure: (Fling) -> Double) -> Double { RenderBenchmarks.median(flings.map(figure)) }
        print("no cost of its own: the same fling through a column of the same pages drawn through the page scheduler, "
            + "the pixels from the page renderer processes (\(PageRendererPools.defaultRendererCount)) or from poppler in this "
            + "process on one thread (Glide's renderer before issue 25, the benchmark's own), alternately, \(runs) runs each")
        print("  loop thread CPU time median per run: renderer processes \(list(processes, \.median)) ms, in-process thread \(list(inProcess, \.median)) ms")
        print("  slowest frame per run: renderer processes \(list(processes, \.slowest)) ms, in-process thread \(list(inProcess, \.slowest)) ms")
        print("    renderer processes' slowest: \(slowestFrames(processes))")
        print("    in-process thread's slowest: \(slowestFrames(inProcess))")
        let medians = (median(processes, \.median), median(inProcess, \.median))
        let slowest = (median(processes, \.slowest), median(inProcess, \.slowest))
        print("  medians \(RenderBenchmarks.rounded(medians.0, 3)) ms / \(RenderBenchmarks.rounded(medians.1, 3)) ms: processes/in-process = "
            + "\(RenderBenchmarks.rounded(medians.0 / medians.1, 2))× (goal ≤ 1.1×); slowest frames (median of runs) "
            + "\(RenderBenchmarks.rounded(slowest.0, 2)) ms / \(RenderBenchmarks.rounded(slowest.1, 2)) ms = "
            + "\(RenderBenchmarks.rounded(slowest.0 / slowest.1, 2))× (goal ≤ 1.1×)")
        print("  frames with a placeholder \(Int(median(processes) { Double($0.placeholders) })) / "
            + "\(Int(median(inProcess) { Double($0.placeholders) })) of \(processes.first?.frames ?? 0) a run (medians)")
    }

    /// The fling of `glide-bench pdf` alone, `runs` times, each through `path` opened afresh:
    /// each run's median and slowest frame, where the slowest was, and the medians of the runs.
    static func printFlings(path: String, runs: Int) {
        var flings: [Fling] = []
        for run in 0..<runs {
            let fling = flingThrough(path: path)
            flings.append(fling)
            print("run \(run + 1): median \(RenderBenchmarks.rounded(fling.median, 3)) ms, slowest \(RenderBenchmarks.rounded(fling.slowest, 2)) ms "
                + "(\(fling.slowestFrameDescription)), frames over 8 ms \(fling.over8)")
        }
        print("fling at 5000 px/s through a 300-page text-heavy PDF, \(runs) runs, loop thread CPU: median of medians "
            + "\(RenderBenchmarks.rounded(RenderBenchmarks.median(flings.map(\.median)), 3)) ms, median of slowest "
            + "\(RenderBenchmarks.rounded(RenderBenchmarks.median(flings.map(\.slowest)), 2)) ms")
    }

    /// Scrolls at 5000 px/s, a frame every 16.7 ms of real time so the worker renders as it
    /// would, timing each frame's main-thread work: running the worker's deliveries and
    /// rendering. Then counts frames where a visible page area was blank white.
    static func flingThrough(path: String) -> Fling {
        flingThrough(openedLayout(path: path)) { $0.renderedJobCount }
    }

    /// `flingThrough(path:)` through `layout`, whose renderers have drawn `renderedJobs` jobs.
    static func flingThrough<Layout: ContentLayout & PageScheduling>(_ layout: Layout, renderedJobs: (Layout) -> Int) -> Fling {
        var view = view(of: layout, width: 1280, height: 800)
        let renderer = FrameRenderer()
        let buffers = [OwnedBuffer(width: 1280, height: 800, scale: 1), OwnedBuffer(width: 1280, height: 800, scale: 1)]
        var contents: [BufferContents?] = [nil, nil]
        var costs: [Double] = [], wall: [Double] = []
        var fling = Fling(median: 0, floor: 0, slowest: 0, wallMedian: 0, wallSlowest: 0)
        let start = nowNanoseconds()
        for frame in 0..<360 {
            let time = Double(frame) * framePeriodMilliseconds
            // Wait for the frame's time, as a compositor's frame callback paces a client.
            while RenderBenchmarks.milliseconds(since: start) < time { usleep(500) }
            view.scroll(to: LogicalPoint(x: 0, y: Double(frame) * 5000 / 60), animated: false, timeMilliseconds: time)
            let index = frame % 2
            let begin = nowNanoseconds(), beginCPU = threadMilliseconds()
            let deliveries = MainThreadMailbox.shared.deliverPending()
            let deliveredCPU = threadMilliseconds()
            let rendered = renderer.render(layout, frame: view.frame, into: buffers[index].pixels, showing: contents[index])
            costs.append(threadMilliseconds() - beginCPU)
            if frame >= 2, costs.last! > fling.slowest {
                fling.slowest = costs.last!
                fling.slowestFrame = frame
                fling.slowestDeliveries = deliveries
                fling.slowestDeliveryMilliseconds = deliveredCPU - beginCPU
                fling.slowestDrawMilliseconds = costs.last! - (deliveredCPU - beginCPU)
            }
            wall.append(RenderBenchmarks.milliseconds(since: begin))
            contents[index] = buffers[index].keep(rendered)
            if rendered.contentSize.height != view.contentSize.height {
                view.setContentSize(LogicalSize(width: rendered.contentSize.width, height: rendered.contentSize.height),
                                    timeMilliseconds: time)
            }
            // The first two frames (buffers never drawn before) are not counted, as above.
            guard frame >= 2 else { continue }
            let look = inspect(buffers[index].pixels, layout: layout, offsetY: view.frame.contentOffset.y)
            if look.blank {
                fling.blank += 1
                if let dump = getenv("GLIDE_BENCH_DUMP") { savePNG(buffers[index].pixels, to: String(cString: dump) + "-\(frame).png") }
            }
            if look.placeholder {
                fling.placeholders += 1
                fling.placeholderFrames.append(frame)
            }
        }
        let measured = Array(costs.dropFirst(2))
        fling.median = RenderBenchmarks.median(measured)
        fling.over8 = measured.filter { $0 > 8 }.count
        fling.frames = measured.count
        fling.wallMedian = RenderBenchmarks.median(Array(wall.dropFirst(2)))
        fling.wallSlowest = wall.dropFirst(2).max() ?? .nan
        fling.floor = RenderBenchmarks.median((0..<200).map { _ in
            let start = threadMilliseconds()
            _ = buffers[0].fillMilliseconds()
            return threadMilliseconds() - start
        })
        let pacedStart = nowNanoseconds()
        fling.pacedFloor = RenderBenchmarks.median((0..<120).map { frame in
            while RenderBenchmarks.milliseconds(since: pacedStart) < Double(frame) * framePeriodMilliseconds { usleep(500) }
            let start = threadMilliseconds()
            _ = buffers[frame % 2].fillMilliseconds()
            return threadMilliseconds() - start
        })
        fling.jobs = renderedJobs(layout)
        return fling
    }

    /// Whether the frame shows a visible page area (at least 150 px of a page) that is all
    /// white, and whether it shows a placeholder.
    private static func inspect(_ buffer: PixelBuffer, layout: some PageScheduling, offsetY: Double) -> (blank: Bool, placeholder: Bool) {
        let visible = ContentRect(x: 0, y: offsetY, width: 1280, height: 800)
        var blank = false, placeholder = false
        let grey = layout.placeholderColour
        func isPlaceholder(_ value: UInt32) -> Bool {
            abs(Double((value >> 16) & 0xFF) - grey.red * 255) <= 2 && abs(Double((value >> 8) & 0xFF) - grey.green * 255) <= 2
                && abs(Double(value & 0xFF) - grey.blue * 255) <= 2
        }
        for page in layout.pages(meeting: visible) {
            let rect = layout.pageRect(page)
            let top = max(rect.y, visible.y) - offsetY, bottom = min(rect.maxY, visible.maxY) - offsetY
            guard bottom - top >= 150 else { continue }
            var allWhite = true
            for y in stride(from: Int(top) + 2, to: Int(bottom) - 2, by: 3) {
                // A placeholder is an area of its grey: a run of 10 samples (30 px) of it,
                // which antialiased text, whose edges pass through that grey, never makes.
                var run = 0
                for x in stride(from: Int(rect.x) + 2, to: Int(rect.maxX) - 2, by: 3) {
                    let value = buffer.pixels.load(fromByteOffset: y * buffer.stride + x * 4, as: UInt32.self)
                    if value & 0xFFFFFF != 0xFFFFFF { allWhite = false }
                    run = isPlaceholder(value) ? run + 1 : 0
                    if run >= 10 { placeholder = true }
                }
            }
            if allWhite { blank = true }
        }
        return (blank, placeholder)
    }

    /// From the frame where a zoom comes to rest to the frame that shows every visible piece
    /// sharp at the new scale, at 2560×1600 device px, frames every 16.7 ms; ms.
    private static func zoomEndToCrisp(path: String, printsSteps: Bool) -> (median: Double, slowest: Double) {
        let layout = openedLayout(path: path)
        var view = view(of: layout, width: 2560, height: 1600)
        view.maximumZoomScale = 8
        let renderer = FrameRenderer()
        let buffer = OwnedBuffer(width: 2560, height: 1600, scale: 1)
        var contents: BufferContents?
        var times: [Double] = []
        var clock = 0.0
        func frame() {
            clock += framePeriodMilliseconds
            view.advance(to: clock)
            MainThreadMailbox.shared.deliverPending()
            contents = buffer.keep(renderer.render(layout, frame: view.frame, into: buffer.pixels, showing: contents))
        }
        for (step, zoom) in [1.5, 2, 2.5, 3, 4, 1.25, 1.75, 3.5, 2.25].enumerated() {
            let page = 10 + step * 7
            view.setZoomScale(1, animated: false, timeMilliseconds: clock)
            view.scroll(to: LogicalPoint(x: 0, y: layout.pageRect(page).y), animated: false, timeMilliseconds: clock)
            // Settle at zoom 1 first, as a reader would be before pinching.
            for _ in 0..<200 where !layout.isSharp { frame(); usleep(5000) }
            frame()
            view.setZoomScale(zoom, about: LogicalPoint(x: 1280, y: 800), animated: false, timeMilliseconds: clock)
            let start = nowNanoseconds()
            frame()
            while !layout.isSharp, RenderBenchmarks.milliseconds(since: start) < 5000 {
                usleep(1000)
                frame()
            }
            times.append(RenderBenchmarks.milliseconds(since: start))
            if printsSteps {
                print("  zoom \(zoom) at page \(page + 1): crisp after \(RenderBenchmarks.rounded(times.last!, 1)) ms, "
                    + "\(layout.renderedJobCount) renders since the open")
            }
        }
        return (RenderBenchmarks.median(times), times.max() ?? .nan)
    }

    /// Anonymous resident memory at the first frame of a 500-page PDF and after flicking
    /// through it at zooms 1, 2 and 4 (every fifth page shown until sharp or for 200 ms), MB.
    static func anonymousMemoryAfterFlicks(path: String) -> (first: Double, after: Double, shared: Double) {
        let layout = openedLayout(path: path)
        var view = view(of: layout, width: 1280, height: 800)
        view.maximumZoomScale = 8
        let renderer = FrameRenderer()
        let buffers = [OwnedBuffer(width: 1280, height: 800, scale: 1), OwnedBuffer(width: 1280, height: 800, scale: 1)]
        var contents: [BufferContents?] = [nil, nil]
        var frameNumber = 0
        func frame() {
            MainThreadMailbox.shared.deliverPending()
            let index = frameNumber % 2
            let rendered = renderer.render(layout, frame: view.frame, into: buffers[index].pixels, showing: contents[index])
            contents[index] = buffers[index].keep(rendered)
            view.setContentSize(LogicalSize(width: rendered.contentSize.width, height: rendered.contentSize.height),
                                timeMilliseconds: Double(frameNumber) * framePeriodMilliseconds)
            frameNumber += 1
        }
        frame()
        let first = RenderBenchmarks.anonymousResidentMegabytes()
        for zoom in [1.0, 2, 4] {
            view.setZoomScale(zoom, animated: false, timeMilliseconds: Double(frameNumber) * framePeriodMilliseconds)
            for page in stride(from: 0, to: 500, by: 5) {
                view.scroll(to: LogicalPoint(x: 0, y: layout.pageRect(page).y * zoom), animated: false,
                            timeMilliseconds: Double(frameNumber) * framePeriodMilliseconds)
                let start = nowNanoseconds()
                frame()
                while !layout.isSharp, RenderBenchmarks.milliseconds(since: start) < 200 {
                    usleep(2000)
                    frame()
                }
            }
        }
        // The page renderers' anonymous memory counts as the app's: they draw what it shows.
        return (first, RenderBenchmarks.anonymousResidentMegabytes() + PageBenchmarks.renderersAnonymousMegabytes(),
                PageBenchmarks.sharedMegabytes())
    }

    private static func savePNG(_ buffer: PixelBuffer, to path: String) {
        let surface = cairo_image_surface_create_for_data(buffer.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                          Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))
        cairo_surface_write_to_png(surface, path)
        cairo_surface_destroy(surface)
    }

    static func view(of layout: any ContentLayout, width: Double, height: Double) -> ScrollView {
        layout.setViewportSize(width: width, height: height)
        var view = ScrollView(viewportSize: LogicalSize(width: width, height: height),
                              contentSize: LogicalSize(width: layout.contentSize.width, height: layout.contentSize.height))
        view.flashScrollIndicators(timeMilliseconds: 0)
        return view
    }
}
