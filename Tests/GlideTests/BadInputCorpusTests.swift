import Foundation
import TestSupport
import XCTest

/// Issue 14's bad-input corpus, generated at test time by `BadInputCorpus/corpus.py` and run
/// through the release binary in one headless sway: every crash and stall the red team found,
/// and everything that held. Each case checks the exit status and the one-line message; a case
/// with a window checks that a key is answered within 100 ms while its content loads, and that
/// no animation frame comes more than 50 ms after the one before (from the `--trace`), and that
/// Glide's peak memory stays within 600 MB (issue 28's Markdown cases also show their window
/// within 1 s).
final class BadInputCorpusTests: XCTestCase {
    private struct CaseResult: Decodable {
        let `case`: String
        let problems: [String]
        let key_ms: Double?
        let gap_ms: Double?
        let frames: Int?
        let memory_mb: Int?
    }

    /// The cases the issue lists, by the name the script gives them: a case dropped from the
    /// script fails here.
    private let expectedCases: Set<String> = [
        "nested.md", "blur-svg.md", "use-svg.md", "bomb-png.md", "bomb.png", "combining.txt",
        "trace into a closed pipe", "trace into a reader that stops reading", "SIGTERM while a FIFO is read", "SIGTERM while /dev/zero is read",
        "a name that is not UTF-8", "a name with a newline", "a missing name with a newline",
        "a missing name that is not UTF-8", "state-stray.md", "state-huge.md", "state-directory.md", "--size 0.4x0.4",
        "sparse-1g.txt", "line-50mb.txt", "text-100mb.txt", "headings-200k.md", "headings-200k.md --split",
        "quotes-1m.md", "fenced-40mb.md", "hostile-images.md", "folder-5000", "folder-loop", "permission denied",
        "/dev/zero refused at 256 MB", "/proc/self/maps", "state-read-only.md", "state-full.md", "state-garbage.md",
        "two instances quitting at once",
        // Issue 28, stderr.
        "count-lies.pdf", "kids-1m.pdf", "kids-1m.pdf GLIDE_DEBUG=1", "jbig2-bomb.pdf",
        "jbig2-bomb.pdf GLIDE_DEBUG=1", "past-the-end.pdf --split", "past-the-end.pdf --split GLIDE_DEBUG=1",
        // Issue 28.
        "marks-short-lines.txt, Down held",
        "jbig2-bomb.pdf, stderr closed",
        // Issue 28: Markdown that grows without bound inside cmark-gfm.
        "table-header-10000.md", "references-1.3mb.md", "references-410kb.md", "pipes-2mb.md", "table-10000x20.md",
        // Issue 28, item 1.
        "a link to a FIFO held open", "a link to 2 MB of nested emphasis", "a link to /dev/zero",
        "slow-page.pdf, SIGTERM while a page draws",
        "references-whole.md",
    ]

    /// Whether `problem` is a missed timing budget (a late frame or key) rather than a wrong
    /// exit, message or crash.
    private static func isTiming(_ problem: String) -> Bool {
        problem.hasPrefix("a frame came") || problem.hasPrefix("the window answered a key after")
            || problem.hasPrefix("the window came after")
    }

    func testEveryCaseOfTheCorpusHolds() throws {
        let glide = BuiltProducts.releasePath(of: "glide")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: glide), "make test builds the release binary first")
        let sway = try HeadlessSway()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("BadInputCorpus/corpus.py").path
        func runCorpus(in folder: URL) throws -> [CaseResult] {
            // The link cases click with the virtual pointer.
            let environment = sway.clientEnvironment.merging(
                ["GLIDE_VIRTUAL_POINTER": BuiltProducts.path(of: "glide-virtual-pointer")]) { _, new in new }
            let run = try ChildProcess.run("/usr/bin/python3", [script, "run", glide, folder.path],
                                           environment: environment, timeoutSeconds: 600)
            XCTAssertEqual(run.status, 0, run.error)
            return try run.output.split(separator: "\n").map {
                try JSONDecoder().decode(CaseResult.self, from: Data($0.utf8))
            }
        }
        var results = try runCorpus(in: directory)
        XCTAssertEqual(Set(results.map(\.case)), expectedCases)
        // A timing budget missed once may be the machine (another process took the core for a
        // moment): the corpus runs again, and a timing problem counts only if its case misses a
        // budget both times. Every other problem counts the first time.
        let late = Set(results.filter { !$0.problems.filter(BadInputCorpusTests.isTiming).isEmpty }.map(\.case))
        if !late.isEmpty {
            let second = directory.appendingPathExtension("again")
            defer { try? FileManager.default.removeItem(at: second) }
            let again = Dictionary(try runCorpus(in: second).map { ($0.case, $0) }, uniquingKeysWith: { first, _ in first })
            results = results.map { result in
                guard late.contains(result.case), let second = again[result.case],
                      second.problems.filter(BadInputCorpusTests.isTiming).isEmpty else { return result }
                print("bad-input corpus: \(result.case) met its budgets on the second run: "
                    + result.problems.joined(separator: "; "))
                return CaseResult(case: result.case, problems: result.problems.filter { !BadInputCorpusTests.isTiming($0) },
                                  key_ms: result.key_ms, gap_ms: result.gap_ms, frames: result.frames,
                                  memory_mb: result.memory_mb)
            }
        }
        for result in results {
            XCTAssertEqual(result.problems, [], result.case)
        }
        let slowestGap = results.compactMap(\.gap_ms).max() ?? 0
        let slowestKey = results.compactMap(\.key_ms).max() ?? 0
        let frames = results.compactMap(\.frames).reduce(0, +)
        let largestMemory = results.compactMap(\.memory_mb).max() ?? 0
        print("bad-input corpus: \(results.count) cases, \(frames) frames traced, slowest frame gap "
            + "\(String(format: "%.1f", slowestGap)) ms, slowest key answer \(String(format: "%.1f", slowestKey)) ms, "
            + "largest peak memory \(largestMemory) MB")
    }
}
