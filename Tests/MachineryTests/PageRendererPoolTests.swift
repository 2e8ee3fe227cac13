import DjVuFixtures
import Foundation
import Glibc
import Machinery
import PDFFixtures
import Synchronization
import XCTest

/// Page renderers in processes of their own (`glide-page-renderer`, built beside the tests),
/// several at once, under budgets: what they draw arrives in shared memory, a page over budget
/// costs its renderer, a renderer that dies is replaced, and none outlives its pool.
final class PageRendererPoolTests: XCTestCase {
    typealias Pool = PageRendererPool<Int>

    /// Outcomes as they arrive on the pool's threads.
    final class Outcomes: Sendable {
        let received = Mutex<[Int: Pool.Outcome]>([:])
        func waitFor(_ tag: Int, seconds: Double = 60) -> Pool.Outcome? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let outcome = received.withLock({ $0[tag] }) { return outcome }
                usleep(20_000)
            }
            return nil
        }
    }

    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    func pool(pages: [String], rendererCount: Int = 1, cpuSeconds: Double = 5,
              arguments: [String] = ["glide-page-renderer", "pdf"],
              executable: String? = FilePath.helper(named: "glide-page-renderer"),
              startsFromZygote: Bool = false) throws -> (Pool, Outcomes) {
        try pool(path: HostilePDF.write(HostilePDF.document(pages: pages)), rendererCount: rendererCount,
                 cpuSeconds: cpuSeconds, arguments: arguments, executable: executable, startsFromZygote: startsFromZygote)
    }

    private func pool(path: String, rendererCount: Int = 1, cpuSeconds: Double = 5,
                      arguments: [String] = ["glide-page-renderer", "pdf"],
                      executable: String? = FilePath.helper(named: "glide-page-renderer"),
                      startsFromZygote: Bool = false) throws -> (Pool, Outcomes) {
        XCTAssertNotNil(FilePath.helper(named: "glide-page-renderer"), "swift build builds glide-page-renderer beside the tests")
        paths.append(path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        let outcomes = Outcomes()
        let settings = PageRendererSettings(executable: executable, arguments: arguments, rendererCount: rendererCount,
                                            budget: ProcessBudget(cpuSeconds: cpuSeconds, wallClockAllowance: 10,
                                                                  addressSpaceBytes: 1 << 30),
                                            startsFromZygote: startsFromZygote)
        let pool = Pool(settings: settings, document: descriptor) { tag, outcome in
            outcomes.received.withLock { $0[tag] = outcome }
        }
        return (pool, outcomes)
    }

    static func request(page: Int, flags: PageRenderFlags = []) -> PageRenderRequest {
        // The middle of the page at 2 device px a point.
        PageRenderRequest(page: page, scale: 2, x: 100, y: 50, width: 200, height: 100, flags: flags)
    }

    /// The pixel at `x`, `y` of drawn pixels, as 0xRRGGBB.
    static func pixel(_ pixels: SharedPixels, x: Int, y: Int) -> UInt32 {
        pixels.base.load(fromByteOffset: y * pixels.stride + x * 4, as: UInt32.self) & 0xff_ffff
    }

    func testAPageIsDrawnIntoMemoryGlideMapped() throws {
        let (pool, outcomes) = try pool(pages: [HostilePDF.filled(red: 1, green: 0, blue: 0),
                                                HostilePDF.filled(red: 0, green: 0, blue: 1)])
        defer { pool.stop() }
        pool.want([(0, Self.request(page: 0)), (1, Self.request(page: 1))])
        for (tag, colour) in [(0, UInt32(0xff0000)), (1, UInt32(0x0000ff))] {
            guard case .drawn(let pixels, let width, let height, _)? = outcomes.waitFor(tag) else {
                return XCTFail("page \(tag): \(String(describing: outcomes.waitFor(tag, seconds: 0)))")
            }
            XCTAssertEqual([width, height], [200, 100])
            XCTAssertEqual([pixels.width, pixels.height], [200, 100])
            XCTAssertEqual(Self.pixel(pixels, x: 10, y: 10), colour)
            XCTAssertEqual(Self.pixel(pixels, x: 199, y: 99), colour)
        }
    }

    func testNightPagesInvertLightnessAndKeepHue() throws {
        let (pool, outcomes) = try pool(pages: [HostilePDF.filled(red: 1, green: 1, blue: 1),
                                                HostilePDF.filled(red: 0.8, green: 0.2, blue: 0.2)])
        defer { pool.stop() }
        pool.want([(0, Self.request(page: 0, flags: .invertsLightness)), (1, Self.request(page: 1, flags: .invertsLightness))])
        guard case .drawn(let white, _, _, _)? = outcomes.waitFor(0), case .drawn(let red, _, _, _)? = outcomes.waitFor(1) else {
            return XCTFail("not drawn")
        }
        // Paper turns black; a light red (0.8, 0.2, 0.2: lightness 0.5) keeps its hue and lightness.
        XCTAssertEqual(Self.pixel(white, x: 5, y: 5), 0x000000)
        let pixel = Self.pixel(red, x: 5, y: 5)
        XCTAssertGreaterThan(pixel >> 16, (pixel >> 8) & 0xff, "still red")
        XCTAssertEqual((pixel >> 8) & 0xff, pixel & 0xff)
    }

    func testAPageOverBudgetCostsItsRendererAndTheNextPageIsStillDrawn() throws {
        let (pool, outcomes) = try pool(pages: [HostilePDF.endless, HostilePDF.filled(red: 0, green: 1, blue: 0)],
                                        cpuSeconds: 1)
        defer { pool.stop() }
        pool.want([(0, Self.request(page: 0))])
        let started = Date().addingTimeInterval(30)
        while pool.processIDs.isEmpty, Date() < started { usleep(10_000) }
        let first = pool.processIDs
        guard case .overBudget? = outcomes.waitFor(0) else {
            return XCTFail("the endless page: \(String(describing: outcomes.waitFor(0, seconds: 0)))")
        }
        XCTAssertEqual(first.count, 1)
        for processID in first { XCTAssertFalse(HelperProcesses.processIDs.contains(processID), "killed and reaped") }
        pool.want([(1, Self.request(page: 1))])
        guard case .drawn(let pixels, _, _, _)? = outcomes.waitFor(1) else { return XCTFail("the page after it") }
        XCTAssertEqual(Self.pixel(pixels, x: 1, y: 1), 0x00ff00)
        XCTAssertEqual(pool.startCount, 2, "a new renderer took the killed one's place")
    }

    /// A page whose embedded font inflates to 4 GB: poppler reads it whole, and the renderer's
    /// address space (1 GB) ends it, twice; the page is reported too complex, the renderer is
    /// replaced, and the next page is drawn.
    func testAPageThatAllocatesWithoutBoundIsTooComplexAndCostsOnlyItsRenderer() throws {
        let path = try HostilePDF.write(HostilePDF.document(
            pages: [HostilePDF.text, HostilePDF.filled(red: 0, green: 1, blue: 0)],
            fontFile: HostilePDF.zeros(inflatingToAtLeast: 4 << 30)))
        let (pool, outcomes) = try pool(path: path, cpuSeconds: 30)
        defer { pool.stop() }
        pool.want([(0, Self.request(page: 0))])
        guard case .unavailable(let reason)? = outcomes.waitFor(0, seconds: 120) else {
            return XCTFail("the allocating page: \(String(describing: outcomes.waitFor(0, seconds: 0)))")
        }
        XCTAssertTrue(reason.contains("too complex"), reason)
        XCTAssertEqual(pool.deathCount, 2, "its renderer ran out of memory, and the next one tried it again")
        pool.want([(1, Self.request(page: 1))])
        guard case .drawn(let pixels, _, _, _)? = outcomes.waitFor(1) else { return XCTFail("the page after it") }
        XCTAssertEqual(Self.pixel(pixels, x: 1, y: 1), 0x00ff00)
    }

    func testARendererKilledByOthersIsReplacedAndItsPageComesBack() throws {
        let (pool, outcomes) = try pool(pages: [HostilePDF.filled(red: 0, green: 0, blue: 1)])
        defer { pool.stop() }
        pool.want([(0, Self.request(page: 0))])
        guard case .drawn? = outcomes.waitFor(0) else { return XCTFail("first render") }
        let killed = pool.processIDs
        XCTAssertEqual(killed.count, 1)
        for processID in killed { kill(processID, SIGKILL) }
        pool.want([(1, Self.request(page: 0))])
        guard case .drawn(let pixels, _, _, _)? = outcomes.waitFor(1) else {
            return XCTFail("after the kill: \(String(describing: outcomes.waitFor(1, seconds: 0)))")
        }
        XCTAssertEqual(Self.pixel(pixels, x: 0, y: 0), 0x0000ff)
        XCTAssertEqual(pool.deathCount, 1)
        XCTAssertEqual(pool.startCount, 2)
        XCTAssertFalse(pool.processIDs.contains(killed[0]))
    }

    func testStopKillsARendererInTheMiddleOfAPage() throws {
        let (pool, outcomes) = try pool(pages: [HostilePDF.endless], rendererCount: 2, cpuSeconds: 600)
        pool.want([(0, Self.request(page: 0))])
        // Both renderers start with the pool; one is drawing once its CPU time grows.
        var drawing: pid_t?
        let deadline = Date().addingTimeInterval(30)
        while drawing == nil, Date() < deadline {
            drawing = pool.processIDs.first { BudgetedProcess.cpuSeconds(of: $0) > 0.3 }
            usleep(20_000)
        }
        let renderers = pool.processIDs
        XCTAssertNotNil(drawing)
        XCTAssertEqual(renderers.count, 2)
        pool.stop()
        for processID in renderers {
            XCTAssertEqual(kill(processID, 0), -1, "renderer \(processID) is gone")
            XCTAssertEqual(errno, ESRCH, "and reaped")
        }
        XCTAssertNil(outcomes.received.withLock { $0[0] }, "a stopped pool delivers nothing")
    }

    func testARendererThatCannotStartSaysSo() throws {
        let (pool, outcomes) = try pool(pages: [HostilePDF.filled(red: 0, green: 0, blue: 0)],
                                        executable: "/nonexistent/glide-page-renderer")
        defer { pool.stop() }
        pool.want([(0, Self.request(page: 0))])
        guard case .unavailable(let reason)? = outcomes.waitFor(0) else { return XCTFail("no outcome") }
        XCTAssertTrue(reason.contains("No such file"), reason)
    }

    /// The renderer locks itself down once its document is open: under `strace -f`, it greets
    /// Glide (its first message) and draws a page of text in a font that is not embedded, and no
    /// `open`, `openat` or `execve` follows the greeting.
    func testARendererOpensNoFileAndStartsNoProgramAfterStartUp() throws {
        guard let renderer = FilePath.helper(named: "glide-page-renderer") else { return XCTFail("no renderer built") }
        XCTAssertTrue(access("/usr/bin/strace", X_OK) == 0, "make test-deps installs strace")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("glide-strace-\(UUID().uuidString)").path
        paths.append(log)
        let (pool, outcomes) = try pool(
            pages: [HostilePDF.text], cpuSeconds: 20,
            arguments: ["strace", "-f", "-qq", "-o", log, "-e", "trace=open,openat,openat2,execve,execveat,sendmsg", "--", renderer, "pdf"],
            executable: "/usr/bin/strace")
        defer { pool.stop() }
        pool.want([(0, Self.request(page: 0))])
        guard case .drawn(let pixels, _, _, _)? = outcomes.waitFor(0) else {
            return XCTFail("under strace: \(String(describing: outcomes.waitFor(0, seconds: 0)))")
        }
        pool.stop()
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        guard let greeting = lines.firstIndex(where: { $0.contains("sendmsg(3") }) else {
            return XCTFail("no greeting in the trace:\n\(lines.joined(separator: "\n"))")
        }
        XCTAssertTrue(lines[..<greeting].contains { $0.contains("openat(") }, "the trace sees the opens of start-up")
        let late = lines[greeting...].filter { $0.contains("open(") || $0.contains("openat(") || $0.contains("openat2(") || $0.contains("execve") }
        XCTAssertEqual(late, [], "opened or started after start-up")
        // The text was drawn all the same: dark pixels on the white page.
        var dark = 0
        for y in 0..<pixels.height { for x in 0..<pixels.width where Self.pixel(pixels, x: x, y: y) & 0xff < 0x80 { dark += 1 } }
        XCTAssertGreaterThan(dark, 50, "the text is drawn")
    }

    // DjVu: pages drawn by DjVuLibre in the same renderer, bundled and indirect documents.

    /// A DjVu document of three Letter pages at 100 dpi (612×792 points): a black box at page
    /// pixels (100, 100) 300×200 on the first, a band at y 400 on the second, a box at (600,
    /// 800) on the third, and on the first a link to page 3 and one to a web address.
    private func writeDjVu() throws -> String {
        let path = NSTemporaryDirectory() + "glide-renderer-djvu-\(getpid())-\(UUID().uuidString).djvu"
        paths.append(path)
        try DjVuFixture.write([
            DjVuFixture.Page(ink: [(100, 100, 300, 200)], links: [DjVuFixture.Link("#3", x: 500, y: 700, width: 200, height: 60),
                                                                  DjVuFixture.Link("https://example.org/", x: 100, y: 900, width: 200, height: 60)]),
            DjVuFixture.Page(ink: [(0, 400, 850, 50)], isBitonal: true),
            DjVuFixture.Page(ink: [(600, 800, 200, 200)]),
        ], to: path)
        return path
    }

    /// The same document made indirect (an index and a file per page in a folder of its own); the
    /// index's path.
    private func writeIndirectDjVu() throws -> String {
        let folder = NSTemporaryDirectory() + "glide-renderer-djvu-indirect-\(getpid())-\(UUID().uuidString)"
        paths.append(folder)
        return try DjVuFixture.writeIndirect(from: try writeDjVu(), into: folder)
    }

    /// Each page's ink at 1 device px a point: the box, the band, the box, a little inside each.
    private static let djvuInk: [(page: Int, x: Int, y: Int)] = [(0, 150, 100), (1, 300, 300), (2, 500, 650)]
    /// And paper on each.
    private static let djvuPaper: [(page: Int, x: Int, y: Int)] = [(0, 400, 400), (1, 300, 100), (2, 100, 100)]

    private static func djvuRequest(page: Int, flags: PageRenderFlags = []) -> PageRenderRequest {
        PageRenderRequest(page: page, scale: 1, x: 0, y: 0, width: 612, height: 792, flags: flags)
    }

    private func assertDjVuPagesDrawn(_ outcomes: Outcomes, tags: [Int], file: StaticString = #filePath, line: UInt = #line) {
        for (tag, page) in zip(tags, 0..<3) {
            guard case .drawn(let pixels, let width, let height, _)? = outcomes.waitFor(tag) else {
                return XCTFail("page \(page + 1): \(String(describing: outcomes.waitFor(tag, seconds: 0)))", file: file, line: line)
            }
            XCTAssertEqual([width, height], [612, 792], "the page's size in points", file: file, line: line)
            let ink = Self.djvuInk[page], paper = Self.djvuPaper[page]
            XCTAssertLessThan(Self.pixel(pixels, x: ink.x, y: ink.y) & 0xff, 0x40, "page \(page + 1)'s ink", file: file, line: line)
            XCTAssertGreaterThan(Self.pixel(pixels, x: paper.x, y: paper.y) & 0xff, 0xC0, "page \(page + 1)'s paper",
                                 file: file, line: line)
        }
    }

    func testDjVuPagesAreDrawnByARendererWithTheirLinks() throws {
        let path = try writeDjVu()
        let (pool, outcomes) = try pool(path: path, arguments: ["glide-page-renderer", "djvu", path])
        defer { pool.stop() }
        pool.want((0..<3).map { ($0, Self.djvuRequest(page: $0)) } + [(3, Self.djvuRequest(page: 0, flags: .details))])
        assertDjVuPagesDrawn(outcomes, tags: [0, 1, 2])
        guard case .drawn(_, _, _, let details)? = outcomes.waitFor(3) else { return XCTFail("the page with its links") }
        XCTAssertFalse(details.isEmpty, "a page's links come with its pixels")
        XCTAssertFalse(pool.processIDs.contains(getpid()))
        XCTAssertEqual(pool.startCount, 1)
    }

    func testADjVuRendererThatCannotReadItsDocumentSaysSo() throws {
        let path = NSTemporaryDirectory() + "glide-renderer-djvu-bad-\(getpid()).djvu"
        try Data("AT&TFORM\0\0\u{10}\0DJVMnonsense".utf8).write(to: URL(fileURLWithPath: path))
        let (pool, outcomes) = try pool(path: path, arguments: ["glide-page-renderer", "djvu", path])
        defer { pool.stop() }
        pool.want([(0, Self.djvuRequest(page: 0))])
        guard case .unavailable(let reason)? = outcomes.waitFor(0) else { return XCTFail("no refusal") }
        XCTAssertFalse(reason.isEmpty)
        XCTAssertEqual(pool.deathCount, 0, "a refusal, not a crash")
    }

    /// A DjVu renderer opens its document, and an indirect document's page files, before it
    /// locks itself down: under `strace -f` (every thread, DjVuLibre decodes on its own), after
    /// its greeting it draws every page of a bundled and of an indirect document with no `open`,
    /// `openat` or `execve`.
    func testADjVuRendererOpensNoFileAfterStartUpBundledOrIndirect() throws {
        guard let renderer = FilePath.helper(named: "glide-page-renderer") else { return XCTFail("no renderer built") }
        XCTAssertTrue(access("/usr/bin/strace", X_OK) == 0, "make test-deps installs strace")
        for (name, path) in [("bundled", try writeDjVu()), ("indirect", try writeIndirectDjVu())] {
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("glide-strace-\(UUID().uuidString)").path
            paths.append(log)
            let (pool, outcomes) = try pool(
                path: path, cpuSeconds: 20,
                arguments: ["strace", "-f", "-qq", "-o", log, "-e", "trace=open,openat,openat2,execve,execveat,sendmsg", "--",
                            renderer, "djvu", path],
                executable: "/usr/bin/strace")
            pool.want((0..<3).map { ($0, Self.djvuRequest(page: $0)) } + [(3, Self.djvuRequest(page: 0, flags: .details))])
            assertDjVuPagesDrawn(outcomes, tags: [0, 1, 2])
            guard case .drawn? = outcomes.waitFor(3) else { return XCTFail("\(name): the page with its links") }
            pool.stop()
            let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            guard let greeting = lines.firstIndex(where: { $0.contains("sendmsg(3") }) else {
                return XCTFail("\(name): no greeting in the trace:\n\(lines.joined(separator: "\n"))")
            }
            XCTAssertTrue(lines[..<greeting].contains { $0.contains("openat(") }, "\(name): the trace sees the opens of start-up")
            if name == "indirect" {
                XCTAssertTrue(lines[..<greeting].contains { $0.contains("openat(") && $0.contains("p0003.djvu") },
                              "the page files are opened before the lock-down")
            }
            let late = lines[greeting...].filter {
                $0.contains("open(") || $0.contains("openat(") || $0.contains("openat2(") || $0.contains("execve")
            }
            XCTAssertEqual(late, [], "\(name): opened or started after start-up")
        }
    }
}
