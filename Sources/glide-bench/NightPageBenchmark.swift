import DjVuFixtures
import Glibc
import Machinery
import PDFFixtures
import Synchronization

/// `glide-bench pages`, night pages (issue 26): what inverting a page's lightness in the page
/// renderer adds to drawing it. One renderer draws the same pages of text with a red figure
/// (`NightPagesPDF`, which the end-to-end test reads) whole at a sharp scale, in pieces as the
/// scheduler asks for them, normal and night in alternating rounds; the figure is the
/// renderer's CPU time per page (/proc/PID/schedstat, in ns, so the shared machine's other
/// load does not count), night over normal in the same run. The same for a DjVu document of
/// bitonal text pages (DjVuFixture, djvulibre-bin's `cjb2`), drawn by DjVu's renderer.
enum NightPageBenchmark {
    /// Device px per PDF point: a Letter page 1224 px wide, a laptop's 2× screen at zoom 1.
    static let scale = 2.0
    static let pageCount = 12
    /// Rounds of each style, alternating: a page's CPU time varies by ±0.5 ms between rounds on
    /// a shared machine, as much as the inversion costs, so 4 rounds gave 1.09–1.21× on one
    /// quiet build where 12 gave 1.09–1.16×.
    static let rounds = 12
    /// A piece's rows, as the scheduler cuts a page (`PagePieceGrid.pieceHeightPixels`).
    static let pieceHeightPixels = 1024

    static func run() {
        let path = NightPagesPDF.write(pageCount: pageCount)
        defer { unlink(path) }
        let pdf = measure(path: path, arguments: ["glide-page-renderer", "pdf"])
        print("night pages: \(pageCount) Letter pages of text with a red figure drawn whole at \(Int(scale)) px/pt "
            + "(1224x1584 px, pieces of \(pieceHeightPixels) rows) by 1 renderer, \(rounds) rounds each: renderer CPU per page "
            + "normal \(RenderBenchmarks.rounded(pdf.normal, 2)) ms, night \(RenderBenchmarks.rounded(pdf.night, 2)) ms: "
            + "night/normal = \(RenderBenchmarks.rounded(pdf.night / pdf.normal, 3))× (goal ≤ 1.2×)")

        // DjVu's pages cost DjVuLibre less to draw than poppler's, so the same inversion weighs more.
        let djvuPath = "/tmp/glide-bench-night-\(getpid()).djvu"
        defer { unlink(djvuPath) }
        do {
            try DjVuFixture.write(djvuPage, copies: pageCount, to: djvuPath)
        } catch {
            fatalError("cannot write \(djvuPath): \(error)")
        }
        let djvu = measure(path: djvuPath, arguments: ["glide-page-renderer", "djvu", djvuPath])
        print("night pages, DjVu: \(pageCount) bitonal (cjb2) Letter pages of text-like lines, the same pieces by 1 renderer: "
            + "renderer CPU per page normal \(RenderBenchmarks.rounded(djvu.normal, 2)) ms, night "
            + "\(RenderBenchmarks.rounded(djvu.night, 2)) ms: night/normal = \(RenderBenchmarks.rounded(djvu.night / djvu.normal, 3))× "
            + "(goal ≤ 1.2×)")
    }

    /// A Letter page at 100 dpi (DjVuFixture's), bitonal, with 40 lines of ink where a page of
    /// text has them.
    static let djvuPage = DjVuFixture.Page(ink: (0..<40).map { (100, 100 + $0 * 22, 650, 9) }, isBitonal: true)

    /// The renderer's CPU per page in ms, normal and night, for the document at `path` drawn by
    /// one renderer started with `arguments`.
    private static func measure(path: String, arguments: [String]) -> (normal: Double, night: Double) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        let delivered = DeliveredCount()
        let settings = PageRendererSettings(executable: FilePath.helper(named: "glide-page-renderer"),
                                            arguments: arguments, rendererCount: 1)
        let pool = PageRendererPool<Int>(settings: settings, document: descriptor) { _, outcome in
            if case .drawn = outcome { delivered.add() }
        }
        defer { pool.stop() }
        // One round of each first, unmeasured: the renderer starts (on the first request) and
        // its fonts and caches warm.
        _ = render(pool, night: false, delivered: delivered, measured: false)
        _ = render(pool, night: true, delivered: delivered, measured: false)
        var normal = 0.0, night = 0.0
        for _ in 0..<rounds {
            normal += render(pool, night: false, delivered: delivered)
            night += render(pool, night: true, delivered: delivered)
        }
        let pages = Double(rounds * pageCount)
        return (normal / pages / 1e6, night / pages / 1e6)
    }

    /// Draws every page once, night or not; returns the renderer's CPU time for it in ns when
    /// `measured` (the renderer then runs already).
    private static func render(_ pool: PageRendererPool<Int>, night: Bool, delivered: DeliveredCount,
                               measured: Bool = true) -> Double {
        let width = Int((612 * scale).rounded(.up)), height = Int((792 * scale).rounded(.up))
        var requests: [(tag: Int, request: PageRenderRequest)] = []
        for page in 0..<pageCount {
            for top in stride(from: 0, to: height, by: pieceHeightPixels) {
                requests.append((requests.count, PageRenderRequest(page: page, scale: scale, x: 0, y: top, width: width,
                                                                   height: min(pieceHeightPixels, height - top),
                                                                   flags: night ? .invertsLightness : [])))
            }
        }
        let before = delivered.count
        // Its CPU time is read around the batch.
        let start = measured ? cpuNanoseconds(of: pool.processIDs) : 0
        pool.want(requests)
        let deadline = MonotonicClock.seconds() + 120
        while delivered.count < before + requests.count, MonotonicClock.seconds() < deadline { usleep(2_000) }
        guard delivered.count >= before + requests.count else { fatalError("the renderer did not draw every page") }
        return measured ? cpuNanoseconds(of: pool.processIDs) - start : 0
    }

    /// The processes' time on a CPU, ns (the first field of /proc/PID/schedstat).
    private static func cpuNanoseconds(of processes: [pid_t]) -> Double {
        processes.reduce(0.0) { total, process in
            guard let file = fopen("/proc/\(process)/schedstat", "r") else { return total }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 128)
            guard fgets(&line, Int32(line.count), file) != nil else { return total }
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return total + (text.split(separator: " ").first.flatMap { Double($0) } ?? 0)
        }
    }
}

/// Drawn pages counted as the renderer's thread delivers them.
private final class DeliveredCount: Sendable {
    private let value = Atomic<Int>(0)

    func add() { value.add(1, ordering: .relaxed) }

    var count: Int { value.load(ordering: .relaxed) }
}
