import Foundation
import TestSupport
import XCTest

/// Issue 28's corpus sweep, `Tests/Corpus/sweep`, run on a few files written here (the public
/// corpora it is for are never committed). The script starts its own headless sway.
final class CorpusSweepTests: XCTestCase {
    private struct Report: Decodable {
        struct Summary: Decodable {
            let files: Int
            let counts: [String: Int]
        }

        struct File: Decodable {
            let file: String
            let outcome: String
            let reason: String
            let late: Bool
            let first_frame_ms: Double?
            let frames: Int
            let max_y: Double?
            let glide_kb: Int
            let stderr_lines: Int
            let first_stderr: String?
        }

        let summary: Summary
        let files: [File]
    }

    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/sweep").path

    /// A directory of its own, which the unprivileged user the sweep runs Glide as can read.
    private func makeDirectory(_ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-sweep-test-\(UUID().uuidString)")
        let files = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        for path in [directory.path, files.path] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return files
    }

    private func sweep(_ arguments: [String], report: URL) throws -> (status: Int32?, output: String, report: Report) {
        let run = try ChildProcess.run("/usr/bin/python3", [CorpusSweepTests.script, "--json", report.path] + arguments,
                                       timeoutSeconds: 180)
        let data = try Data(contentsOf: report)
        return (run.status, run.output + run.error, try JSONDecoder().decode(Report.self, from: data))
    }

    func testTextOpensABrokenEPUBIsRefusedAndTheSweepPasses() throws {
        let glide = BuiltProducts.releasePath(of: "glide")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: glide), "make test builds the release binary first")
        let corpus = try makeDirectory("corpus")
        let paragraph = String(repeating: "A paragraph long enough to need a few lines of the window. ", count: 6)
        try ("# A small document\n\n" + (1...60).map { "\(paragraph)\($0)\n" }.joined(separator: "\n"))
            .write(to: corpus.appendingPathComponent("small.md"), atomically: true, encoding: .utf8)
        try (1...2000).map { "line \($0)" }.joined(separator: "\n")
            .write(to: corpus.appendingPathComponent("lines.txt"), atomically: true, encoding: .utf8)
        // An EPUB as Glide recognises one, a ZIP whose first entry is the stored `mimetype`,
        // broken past that: no zip directory.
        var epub = Data([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 22) + [8, 0, 0, 0])
        epub.append(Data("mimetypeapplication/epub+zip".utf8))
        try epub.write(to: corpus.appendingPathComponent("book.epub"))

        let (status, output, report) = try sweep(["--glide", glide, corpus.path],
                                                 report: corpus.deletingLastPathComponent().appendingPathComponent("report.json"))
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("sweep: 3 files: 2 opened, 1 refused, 0 crashed, 0 hung"), output)
        let files = Dictionary(uniqueKeysWithValues: report.files.map { ($0.file, $0) })
        XCTAssertEqual(files.mapValues(\.outcome), ["small.md": "opened", "lines.txt": "opened", "book.epub": "refused"])
        for name in ["small.md", "lines.txt"] {
            let file = try XCTUnwrap(files[name])
            let firstFrame = try XCTUnwrap(file.first_frame_ms, name)
            XCTAssertGreaterThan(firstFrame, 0, name)
            XCTAssertLessThan(firstFrame, 10_000, name)
            XCTAssertGreaterThan(file.frames, 1, name)
            XCTAssertGreaterThan(file.max_y ?? 0, 800, "\(name): Page Down and End scrolled it")
            XCTAssertGreaterThan(file.glide_kb, 1024, name)
            XCTAssertEqual(file.stderr_lines, 0, name)
        }
        let book = try XCTUnwrap(files["book.epub"])
        XCTAssertEqual(book.stderr_lines, 1)
        XCTAssertEqual(book.late, false)
        XCTAssertTrue(book.first_stderr?.contains("book.epub': it is damaged") ?? false, book.first_stderr ?? "")
    }

    /// The verdicts without Glide: a stand-in that crashes, hangs, or prints two lines fails the
    /// sweep, each counted under its outcome.
    func testACrashAHangAndTwoStderrLinesFailTheSweep() throws {
        let corpus = try makeDirectory("corpus")
        for name in ["crash", "hang", "two-lines"] {
            try Data().write(to: corpus.appendingPathComponent(name))
        }
        let standIn = corpus.deletingLastPathComponent().appendingPathComponent("stand-in-glide")
        // Called as glide is: --trace TRACE FILE.
        try """
            #!/bin/sh
            trap '' TERM
            case "$3" in
            *crash) kill -SEGV $$ ;;
            *two-lines) echo "glide: one" >&2; echo "glide: two" >&2; exit 1 ;;
            esac
            sleep 60
            """.write(to: standIn, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: standIn.path)

        let (status, output, report) = try sweep(["--glide", standIn.path, "--timeout", "1", "--no-backtraces", corpus.path],
                                                 report: corpus.deletingLastPathComponent().appendingPathComponent("report.json"))
        XCTAssertEqual(status, 1, output)
        XCTAssertEqual(report.summary.counts, ["opened": 0, "refused": 1, "crashed": 1, "hung": 1])
        let files = Dictionary(uniqueKeysWithValues: report.files.map { ($0.file, $0) })
        XCTAssertEqual(files["crash"]?.reason, "killed by SIGSEGV")
        XCTAssertEqual(files["hang"]?.reason, "no first frame within 1 s; still running 5 s after SIGTERM")
        XCTAssertEqual(files["two-lines"]?.stderr_lines, 2)
        XCTAssertTrue(output.contains("files with more than one stderr line: 1"), output)
    }
}
