import Glibc
import Machinery
import PDFFixtures
import Synchronization

/// `glide-bench pages`, night pages (issue 26): what inverting a page's lightness in the page
/// renderer adds to drawing it. One renderer draws the same pages of text with a red figure
/// (`NightPagesPDF`, which the end-to-end test reads) whole at a sharp scale, in pieces as the
/// scheduler asks for them, normal and night in alternating rounds; the figure is the
/// renderer's CPU time per page (/proc/PID/schedstat, in ns, so the shared machine's other
/// load does not count), night over normal in the same run.
enum NightPageBenchmark {
    /// Device px per PDF point: a Letter page 1224 px wide, a laptop's 2× screen at zoom 1.
    static let scale = 2.0
    static let pageCount = 12
    static let rounds = 4
    /// A piece's rows, as the scheduler cuts a page (`PagePieceGrid.pieceHeightPixels`).
    static let pieceHeightPixels = 1024

    static func run() {
        let path = NightPagesPDF.write(pageCount: pageCount)
        defer { unlink(path) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        let delivered = DeliveredCount()
        let settings = PageRendererSettings(executable: FilePath.helper(named: "glide-page-renderer"),
                                            arguments: ["glide-page-renderer", "pdf"], rendererCount: 1)
        let pool = PageRendererPool<Int>(settings: settings, document: descriptor) { _, outcome in
            if case .drawn = outcome { delivered.add() }
        }
        defer { pool.stop() }
        // One round of each first, unmeasured: fonts and caches warm.
        _ = render(pool, night: false, delivered: delivered)
        _ = render(pool, night: true, delivered: delivered)
        var normal = 0.0, night = 0.0
        for _ in 0..<rounds {
            normal += render(pool, night: false, delivered: delivered)
            night += render(pool, night: true, delivered: delivered)
        }
        let pages = Double(rounds * pageCount)
        let normalMilliseconds = normal / pages / 1e6, nightMilliseconds = night / pages / 1e6
        print("night pages: \(pageCount) Letter pages of text with a red figure drawn whole at \(Int(scale)) px/pt "
            + "(1224x1584 px, pieces of \(pieceHeightPixels) rows) by 1 renderer, \(rounds) rounds each: renderer CPU per page "
            + "normal \(RenderBenchmarks.rounded(normalMilliseconds, 2)) ms, night \(RenderBenchmarks.rounded(nightMilliseconds, 2)) ms: "
            + "night/normal = \(RenderBenchmarks.rounded(nightMilliseconds / normalMilliseconds, 3))× (goal ≤ 1.2×)")
    }

    /// Draws every page once, night or not; returns the renderer's CPU time for it in ns.
    private static func render(_ pool: PageRendererPool<Int>, night: Bool, delivered: DeliveredCount) -> Double {
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
        // The renderer started with the pool; its CPU time is read around the batch.
        while pool.processIDs.isEmpty { usleep(10_000) }
        let start = cpuNanoseconds(of: pool.processIDs)
        pool.want(requests)
        let deadline = MonotonicClock.seconds() + 120
        while delivered.count < before + requests.count, MonotonicClock.seconds() < deadline { usleep(2_000) }
        return cpuNanoseconds(of: pool.processIDs) - start
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
