import Foundation
import Glibc
import PDFFixtures
import TestSupport
import XCTest

/// Pages drawn in `glide-page-renderer` processes, through the release binary in headless sway:
/// a page that never ends and one that allocates without bound cost their renderer, never Glide's
/// memory or its answer to SIGTERM, and show a notice; a renderer killed mid-fling is replaced.
final class HeadlessSwayPageRendererTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
    }

    private func write(_ data: Data) throws -> String {
        let path = try HostilePDF.write(data)
        paths.append(path)
        return path
    }

    private static func renderers(of parent: pid_t) -> [pid_t] { RendererProcesses.of(parent) }

    /// A field of /proc/PID/status in kB (`VmHWM`, `RssAnon`).
    private static func statusKilobytes(_ field: String, of processID: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(processID)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }

    /// CPU seconds process `processID` has used, from /proc.
    private static func cpuSeconds(of processID: pid_t) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(processID)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Waits at most `seconds` for `condition`.
    @discardableResult
    private func wait(seconds: Double, for condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    private func startGlide(_ path: String, in sway: HeadlessSway) throws -> ChildProcess {
        let glide = BuiltProducts.releasePath(of: "glide")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: glide), "make test builds the release binary first")
        return try sway.startGlide([path], binary: glide, environment: ["GLIDE_RENDERERS": "2"])
    }

    /// SIGTERM while `renderer` works: Glide ends within 1 s, status 0, and its renderers and
    /// their zygote with it.
    private func assertSIGTERMEndsGlideAtOnce(_ glide: ChildProcess, renderers: [pid_t]) {
        let zygotes = RendererProcesses.of(glide.process.processIdentifier, named: "glide-zygote")
        XCTAssertEqual(zygotes.count, 1, "the renderers' zygote runs")
        let sent = Date()
        kill(glide.process.processIdentifier, SIGTERM)
        glide.waitForExit(seconds: 5)
        let seconds = Date().timeIntervalSince(sent)
        XCTAssertFalse(glide.process.isRunning)
        XCTAssertLessThan(seconds, 1, "Glide answered SIGTERM in \(seconds) s while a renderer worked")
        guard !glide.process.isRunning else { return }
        XCTAssertEqual(glide.process.terminationStatus, 0, glide.standardError)
        for processID in renderers + zygotes {
            XCTAssertFalse(FileManager.default.fileExists(atPath: "/proc/\(processID)/stat")
                && ((try? String(contentsOfFile: "/proc/\(processID)/stat", encoding: .utf8))?.contains(") Z ") == false),
                "renderer \(processID) ended with Glide")
        }
    }

    /// The screenshot's dark pixels (text), every other row and column.
    private func ink(_ image: RGBImage) -> Int { image.inkCount(step: 2) }

    func testAPageThatNeverEndsCostsItsRendererAndGlideEndsAtOnceOnSIGTERM() throws {
        let sway = try HeadlessSway()
        let path = try write(HostilePDF.document(pages: [HostilePDF.endless, HostilePDF.text]))
        var glide = try startGlide(path, in: sway)
        defer { if glide.process.isRunning { glide.process.terminate(); glide.waitForExit(seconds: 5) } }
        let processID = glide.process.processIdentifier
        // A renderer spins on the first page.
        var spinning: pid_t?
        wait(seconds: 30) {
            spinning = Self.renderers(of: processID).first { Self.cpuSeconds(of: $0) > 0.5 }
            return spinning != nil
        }
        XCTAssertNotNil(spinning, "a renderer draws the endless page")
        let placeholderInk = ink(try sway.screenshot())
        // At its budget (5 s of CPU) the renderer is killed, another takes its place, and the page
        // says it is too complex: a line of text where the placeholder had its number.
        XCTAssertTrue(wait(seconds: 60) { !Self.renderers(of: processID).contains(spinning ?? 0) }, "killed at its budget")
        var shot = try sway.screenshot()
        try wait(seconds: 10) {
            shot = try sway.screenshot()
            return ink(shot) > 2 * placeholderInk + 100
        }
        XCTAssertGreaterThan(ink(shot), 2 * placeholderInk + 100, "the page shows the over-budget notice")
        try? FileManager.default.removeItem(atPath: "/tmp/glide-over-budget.png")
        _ = try? ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", "/tmp/glide-over-budget.png"], environment: sway.clientEnvironment)
        XCTAssertTrue(wait(seconds: 10) { Self.renderers(of: processID).count == 2 }, "a new renderer took the killed one's place")
        XCTAssertLessThan(Self.statusKilobytes("VmHWM", of: processID) ?? .max, 400 << 10, "Glide's own memory stayed small")
        glide.process.terminate()
        glide.waitForExit(seconds: 5)

        // Again, and SIGTERM while the renderer spins.
        glide = try startGlide(path, in: sway)
        let second = glide.process.processIdentifier
        XCTAssertTrue(wait(seconds: 30) { Self.renderers(of: second).contains { Self.cpuSeconds(of: $0) > 0.5 } })
        assertSIGTERMEndsGlideAtOnce(glide, renderers: Self.renderers(of: second))
    }

    func testAPageThatAllocatesWithoutBoundCostsItsRendererNotGlidesMemory() throws {
        let sway = try HeadlessSway()
        // A first page whose embedded font inflates to 4 GB: poppler reads it whole.
        let path = try write(HostilePDF.document(pages: [HostilePDF.text, HostilePDF.text],
                                                 fontFile: HostilePDF.zeros(inflatingToAtLeast: 4 << 30)))
        let glide = try startGlide(path, in: sway)
        defer { if glide.process.isRunning { glide.process.terminate(); glide.waitForExit(seconds: 5) } }
        let processID = glide.process.processIdentifier
        // A renderer grows past 200 MB.
        var largest = 0
        XCTAssertTrue(wait(seconds: 60) {
            for renderer in Self.renderers(of: processID) { largest = max(largest, Self.statusKilobytes("VmRSS", of: renderer) ?? 0) }
            return largest > 200 << 10
        }, "a renderer allocates (largest \(largest) kB)")
        XCTAssertLessThan(Self.statusKilobytes("VmHWM", of: processID) ?? .max, 400 << 10, "Glide's own memory stays small")
        assertSIGTERMEndsGlideAtOnce(glide, renderers: Self.renderers(of: processID))
    }

    func testARendererKilledMidFlingIsReplacedAndThePagesComeBack() throws {
        let sway = try HeadlessSway()
        let path = PDFFixture(pageCount: 60).write()
        paths.append(path)
        let glide = try startGlide(path, in: sway)
        defer { if glide.process.isRunning { glide.process.terminate(); glide.waitForExit(seconds: 5) } }
        let processID = glide.process.processIdentifier
        XCTAssertTrue(wait(seconds: 30) { Self.renderers(of: processID).count == 2 })
        let before = Self.renderers(of: processID)
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        try pointer.move(x: 640, y: 400)
        for frame in 0..<10 {
            try pointer.send("finger 0 60")
            // Mid-fling, the test kills a renderer.
            if frame == 5 { kill(before[0], SIGKILL) }
            usleep(16_000)
        }
        try pointer.send("stop")
        // Where the fling rests, the pages are drawn: mostly paper, with text.
        var shot = try sway.screenshot()
        try wait(seconds: 20) {
            shot = try sway.screenshot()
            return ink(shot) > 300 && paperPixels(shot) > shot.width * shot.height / 12
        }
        XCTAssertGreaterThan(ink(shot), 300, "text drawn")
        XCTAssertGreaterThan(paperPixels(shot), shot.width * shot.height / 12, "pages drawn, not placeholders")
        XCTAssertFalse(Self.renderers(of: processID).contains(before[0]), "the killed renderer was reaped")
        // The next flick's pages need renderers again: the killed one's place is taken.
        try pointer.flick(step: 60, frames: 10)
        XCTAssertTrue(wait(seconds: 30) { Self.renderers(of: processID).count == 2 }, "two renderers again")
        XCTAssertTrue(glide.process.isRunning)
        glide.process.terminate()
        glide.waitForExit(seconds: 5)
        XCTAssertEqual(glide.standardError.components(separatedBy: "a page renderer stopped").count - 1, 1,
                       "the death is said once: \(glide.standardError)")
    }

    private func paperPixels(_ image: RGBImage) -> Int {
        var count = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) where image.rgb(x: x, y: y) & 0xFFFFFF == 0xFFFFFF { count += 1 }
        }
        return count
    }
}
