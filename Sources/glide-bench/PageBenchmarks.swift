import CCairo
import CPoppler
import Glibc
import Machinery
import PDFFixtures
import PDFKind
import Render

/// `glide-bench pages`: issue 25's figures, each a ratio or a difference measured in the same
/// run. The memory after flicking 500 pages of a PDF (first, while the heap holds nothing of
/// the rest); the first frames of a 10,000-page CBZ against a 10-page one (`ComicBenchmarks`)
/// and of a 71-page DjVu against a 1-page one (`DjVuBenchmarks`); and how page renderers scale:
/// a fling at 5,000 px/s through 300 scanned pages (a PDF of images, written here with cairo),
/// as `glide-bench pdf` flings, with one page renderer and then with two, the figure being the
/// fraction of frames with a placeholder in view.
enum PageBenchmarks {
    /// Issue 25's memory goal: the app's anonymous memory plus its renderers' after flicking 500
    /// pages grows by no more than it did with the in-process renderer (`glide-bench pdf`, 154.8 MB).
    static let memoryGoalMegabytes = 154.8

    static func run() {
        let fiveHundred = PDFFixture(pageCount: 500).write()
        let memory = PDFBenchmarks.anonymousMemoryAfterFlicks(path: fiveHundred)
        unlink(fiveHundred)
        print("glide-bench pages: memory after flicking 500 pages of a PDF at zoom 1, 2, 4 (1280x800 logical px): the app's "
            + "anonymous memory at the first frame \(RenderBenchmarks.rounded(memory.first, 1)) MB; after, with its page renderers' "
            + "own, \(RenderBenchmarks.rounded(memory.after, 1)) MB: +\(RenderBenchmarks.rounded(memory.after - memory.first, 1)) MB "
            + "(goal ≤ +\(memoryGoalMegabytes) MB); besides, the pixels in shared memory Glide maps \(RenderBenchmarks.rounded(memory.shared, 1)) MB")
        print("")
        ComicBenchmarks.run()
        print("")
        DjVuBenchmarks.run()
        print("")
        runScaling()
    }

    /// The fling through scanned pages with one renderer and with two: from the open, as the
    /// issue asks (the renderers start with the first pages asked for, so their start-up is in
    /// the figure), and again with page 1 drawn sharp first (the renderers started and the
    /// document open in them), which leaves only how fast they keep up with the fling.
    static func runScaling() {
        let path = "/tmp/glide-bench-scans-\(getpid()).pdf"
        defer { unlink(path) }
        writeScans(to: path, pageCount: 300)
        let scale = Double(scanDotsPerInch) / 150
        print("scaling: a fling at 5000 px/s for 6 s through 300 scanned pages (one \(Int(1275 * scale))x\(Int(1650 * scale)) px "
            + "image each, \(scanDotsPerInch) dpi), 1280x800 logical px")
        for warm in [false, true] {
            print(warm ? "  with page 1 drawn sharp before the fling (the renderers started):" : "  from the open:")
            // Placeholders and frames summed over the rounds, by renderer count.
            var placeholders: [Int: Int] = [:], frames: [Int: Int] = [:]
            for round in 1...scalingRounds {
                for count in [1, 2] {
                    setenv("GLIDE_RENDERERS", String(count), 1)
                    let layout = PDFBenchmarks.openedLayout(path: path)
                    let started = warm ? drawSharp(layout) : 0
                    let fling = PDFBenchmarks.flingThrough(layout) { $0.renderedJobCount }
                    placeholders[count, default: 0] += fling.placeholders
                    frames[count, default: 0] += fling.frames
                    let fraction = Double(fling.placeholders) / Double(max(fling.frames, 1))
                    print("  round \(round), \(count) renderer\(count == 1 ? "" : "s"): frames with a placeholder in view \(fling.placeholders) of \(fling.frames) = "
                        + "\(RenderBenchmarks.rounded(fraction, 3)) (frames \(ranges(fling.placeholderFrames))); pages rendered \(fling.jobs)"
                        + (warm ? " after \(started) before; renderers \(layout.rendererProcessIDs.count)" : "")
                        + "; loop thread median \(RenderBenchmarks.rounded(fling.median, 3)) ms")
                }
            }
            unsetenv("GLIDE_RENDERERS")
            func fraction(_ count: Int) -> Double { Double(placeholders[count] ?? 0) / Double(max(frames[count] ?? 0, 1)) }
            let one = fraction(1), two = fraction(2)
            print("  \(scalingRounds) rounds: 1 renderer \(RenderBenchmarks.rounded(one, 3)), 2 renderers \(RenderBenchmarks.rounded(two, 3)); "
                + "2 renderers / 1 renderer = \(RenderBenchmarks.rounded(one > 0 ? two / one : .nan, 2))× (goal ≤ 0.6×)")
        }
        NightPageBenchmark.run()
    }

    /// Draws `layout`'s first frame until page 1 is sharp; the jobs its renderers drew.
    private static func drawSharp(_ layout: PDFLayout) -> Int {
        let view = PDFBenchmarks.view(of: layout, width: 1280, height: 800)
        let buffer = FirstFrame.makeBuffer(), renderer = FrameRenderer()
        MainThreadMailbox.shared.deliver(while: {
            _ = renderer.render(layout, frame: view.frame, into: buffer.pixels, showing: nil)
            return !layout.isSharp
        }, timeoutSeconds: 30)
        return layout.renderedJobCount
    }

    /// Frame numbers as ranges: `2–8, 40`.
    private static func ranges(_ frames: [Int]) -> String {
        guard !frames.isEmpty else { return "none" }
        var parts: [String] = [], start = frames[0], last = frames[0]
        for frame in frames.dropFirst() + [Int.max] {
            if frame == last + 1 {
                last = frame
                continue
            }
            parts.append(start == last ? "\(start)" : "\(start)–\(last)")
            start = frame
            last = frame
        }
        return parts.joined(separator: ", ")
    }

    /// Flings of each renderer count, one count after the other in each round, their frames
    /// summed: one fling's placeholders came in 2 to 4 bursts that a core taken by another
    /// process for a moment lengthened or shortened by half (1 renderer 0.064 then 0.109 of
    /// 358 frames on one build, quiet then loaded).
    static let scalingRounds = 3

    /// The scans' resolution, dots per inch: a book scanner's usual 300. At 150 dpi one
    /// renderer kept up with the fling once started (no placeholder in 358 frames, 1 or 2
    /// renderers), so the figure measured only the renderers' start-up.
    static let scanDotsPerInch = 300

    /// Pages of a Letter scan at `scanDotsPerInch`: an image of grey text-like strokes,
    /// different on each page (so none is shared), drawn over the whole page.
    private static func writeScans(to path: String, pageCount: Int) {
        let scale = Double(scanDotsPerInch) / 150
        let width = Int(1275 * scale), height = Int(1650 * scale)
        let surface = cairo_pdf_surface_create(path, 612, 792)
        let cairo = cairo_create(surface)
        for page in 0..<pageCount {
            let scan = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
            let drawing = cairo_create(scan)
            cairo_set_source_rgb(drawing, 0.97, 0.96, 0.93)
            cairo_paint(drawing)
            cairo_set_source_rgb(drawing, 0.15, 0.15, 0.15)
            var seed = UInt64(page + 1) &* 0x9E37_79B9_7F4A_7C15
            func next() -> Double {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                return Double(seed >> 11) / Double(1 << 53)
            }
            for line in 0..<55 {
                var x = 120 * scale
                let y = (150.0 + Double(line) * 25) * scale
                while x < Double(width) - 160 * scale {
                    let word = (20 + next() * 70) * scale
                    cairo_rectangle(drawing, x, y, word, (9 + next() * 4) * scale)
                    x += word + 12 * scale
                }
            }
            cairo_fill(drawing)
            cairo_destroy(drawing)
            cairo_save(cairo)
            cairo_scale(cairo, 612 / Double(width), 792 / Double(height))
            cairo_set_source_surface(cairo, scan, 0, 0)
            cairo_paint(cairo)
            cairo_restore(cairo)
            cairo_surface_destroy(scan)
            cairo_show_page(cairo)
        }
        cairo_destroy(cairo)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
    }

    /// The page renderers' anonymous resident memory, MB (RssAnon of each).
    static func renderersAnonymousMegabytes() -> Double {
        HelperProcesses.processIDs.reduce(0.0) { $0 + residentMegabytes("RssAnon", of: "\($1)") }
    }

    /// Shared memory resident in this process, MB (RssShmem): the pixels renderers drew, in
    /// the memory files Glide maps.
    static func sharedMegabytes() -> Double { residentMegabytes("RssShmem", of: "self") }

    /// A resident-memory field of /proc/PROCESS/status, MB.
    private static func residentMegabytes(_ field: String, of process: String) -> Double {
        guard let file = fopen("/proc/\(process)/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix(field + ":") else { continue }
            return (text.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }.first ?? 0) / 1024
        }
        return 0
    }
}
