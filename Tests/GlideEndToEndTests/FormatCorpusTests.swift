import Foundation
import Glibc
import GlideDriver
import TestCompositor
import XCTest

/// The corpus of issues 13 and 14 through the real binary: files refused by their bytes with
/// one line and exit 1, files shown (formats, tables, logs, hostile text), and files that
/// change while shown (emptied, cut, grown, replaced, deleted, made a directory; idle and
/// mid-fling). After each, the window still answers keys and quits with status 0.
///
/// `GLIDE_UNDER_TEST=/path/to/glide` runs another build (the SIGBUS test fails on the glide of
/// commit 5f7f671, which mapped files).
final class FormatCorpusTests: GlideTestCase {
    struct Entry: Decodable {
        var name: String
        var path: String
        var expect: String
        var kind: String?
    }

    /// Generated once per run by Tests/Corpus/generate-corpus.py, into a fresh directory.
    nonisolated(unsafe) private static var generated: (directory: String, entries: [Entry])?

    private func corpus() throws -> (directory: String, entries: [Entry]) {
        if let generated = FormatCorpusTests.generated { return generated }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-corpus-\(UUID().uuidString)").path
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus/generate-corpus.py").path
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        run.arguments = [script, directory]
        try run.run()
        run.waitUntilExit()
        XCTAssertEqual(run.terminationStatus, 0, "the corpus script ran")
        let manifest = try Data(contentsOf: URL(fileURLWithPath: directory + "/manifest.json"))
        let generated = (directory, try JSONDecoder().decode([Entry].self, from: manifest))
        FormatCorpusTests.generated = generated
        return generated
    }

    /// A copy of corpus file `name` that a test may change.
    private func scratchCopy(of name: String) throws -> String {
        let source = try corpus().directory + "/" + name
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-change-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: directory + "/" + name)
        return directory + "/" + name
    }

    private var glidePath: String { ProcessInfo.processInfo.environment["GLIDE_UNDER_TEST"] ?? GlideSession.glidePath }

    private func open(_ paths: [String]) throws -> GlideSession {
        let session = try GlideSession(document: .paths(paths), glide: glidePath)
        self.session = session
        return session
    }

    /// End, Home and a flick, each run to rest: glide is still there and draws; then q quits
    /// with status 0.
    private func assertAnswersAndQuits(_ session: GlideSession, _ label: String, file: StaticString = #filePath,
                                       line: UInt = #line) throws {
        for key in [KeyCode.end, .home] {
            try session.type(key)
            try session.runUntilIdle()
        }
        try session.flick(from: 450, by: -250, steps: 4)
        try session.runUntilIdle()
        XCTAssertTrue(session.client.isRunning, "\(label): still running; stderr: \(session.client.standardError)",
                      file: file, line: line)
        try session.type(.q)
        XCTAssertEqual(try session.client.waitForExit(), 0, "\(label): \(session.client.standardError)", file: file, line: line)
    }

    /// Runs glide on `paths` without a compositor (refusals come before connecting).
    private func runWithoutWindow(_ paths: [String]) throws -> (status: Int32, error: String) {
        try GlideSession.runWithoutWindow(paths, glide: glidePath)
    }

    func testRefusedFormatsAndArchivesWithoutImagesSayWhyInOneLineAndExitOne() throws {
        let refused = try corpus().entries.filter { $0.expect == "refused" || $0.expect == "no images" }
        XCTAssertEqual(Set(refused.compactMap(\.kind)), ["ZIP", "ELF", "binary"])
        for entry in refused {
            let result = try runWithoutWindow([entry.path])
            XCTAssertEqual(result.status, 1, entry.name)
            let reason = entry.expect == "no images" ? FormatCorpusTests.noImages(entry.path)
                : "cannot open '\(entry.path)': \(entry.kind!) files are not supported"
            XCTAssertEqual(result.error, "glide: \(reason)\n")
        }
    }

    /// What Glide says of an archive or folder that holds no image.
    private static func noImages(_ path: String) -> String {
        "no readable images in '\(path)' (looked for .png, .jpg, .jpeg, .gif, .bmp, .tif, .tiff, .webp, .avif, .svg, .svgz)"
    }

    func testADamagedPDFUnderATextNameIsOpenedAsPDFAndSaysWhyInOneLine() throws {
        let damaged = try corpus().entries.filter { $0.expect == "damaged" }
        XCTAssertEqual(damaged.compactMap(\.kind), ["PDF"])
        for entry in damaged {
            let result = try runWithoutWindow([entry.path])
            XCTAssertEqual(result.status, 1, entry.name)
            XCTAssertEqual(result.error, "glide: cannot open PDF '\(entry.path)': it is damaged\n")
        }
    }

    func testEveryShownFileOpensAndTheWindowAnswers() throws {
        for entry in try corpus().entries where entry.expect == "shown" {
            let session = try open([entry.path])
            try assertAnswersAndQuits(session, entry.name)
            XCTAssertEqual(session.takeProblems(), [], entry.name)
            session.stop()
            self.session = nil
        }
    }

    func testAnArchiveWithoutImagesAmongSeveralIsSkippedWithANoticeAndTextAndImagesShareAStrip() throws {
        let directory = try corpus().directory
        let archive = directory + "/archive.zip"
        let session = try open([directory + "/tabbed.log", archive, directory + "/photo.png", directory + "/drawing.svg"])
        XCTAssertGreaterThanOrEqual(try session.traceOfShownFrame().pages, 3, "the log's pages, then one per image")
        try assertAnswersAndQuits(session, "mixed")
        XCTAssertEqual(session.client.standardError, "glide: \(FormatCorpusTests.noImages(archive)); skipped\n")
    }

    /// Issue 13's crash: a log emptied the way logrotate's copytruncate does (`: > app.log`)
    /// while shown, then End: SIGBUS in SectionBoundaries when the file was mapped.
    func testALogEmptiedWhileShownThenEndDoesNotCrash() throws {
        let path = try scratchCopy(of: "app.log")
        let session = try open([path])
        XCTAssertEqual(truncate(path, 0), 0)
        try assertAnswersAndQuits(session, "emptied")
    }

    func testFilesCutShortMidFlingDoNotCrash() throws {
        for (name, size) in [("app.log", 1000), ("big.md", 1000), ("big.md", 0), ("tabbed.log", 4096)] {
            let path = try scratchCopy(of: name)
            let session = try open([path])
            try session.flick(from: 500, by: -400, steps: 3)
            for _ in 0..<3 { try session.presentFrame() }
            XCTAssertEqual(truncate(path, off_t(size)), 0)
            try session.runUntilIdle()
            try assertAnswersAndQuits(session, "\(name) cut to \(size)")
            session.stop()
            self.session = nil
        }
    }

    func testFilesGrownReplacedDeletedOrMadeADirectoryWhileShownDoNotCrash() throws {
        let changes: [(String, (String) throws -> Void)] = [
            ("grown", { path in
                let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
                handle.seekToEndOfFile()
                handle.write(Data(String(repeating: "A new line at the end.\n", count: 2000).utf8))
                handle.closeFile()
            }),
            ("rewritten in place", { path in
                let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
                handle.write(Data(String(repeating: "Rewritten. ", count: 100).utf8))
                handle.closeFile()
            }),
            ("replaced by rename", { path in
                try Data("# Saved by an editor\n\nNew text.\n".utf8).write(to: URL(fileURLWithPath: path + ".new"))
                XCTAssertEqual(rename(path + ".new", path), 0)
            }),
            ("deleted", { path in XCTAssertEqual(unlink(path), 0) }),
            ("made a directory", { path in
                XCTAssertEqual(unlink(path), 0)
                XCTAssertEqual(mkdir(path, 0o755), 0)
            }),
        ]
        for (label, change) in changes {
            let path = try scratchCopy(of: "app.log")
            let session = try open([path])
            try session.type(.end)
            try session.runUntilIdle()
            try change(path)
            // The watcher's coalescing delay and a reload.
            for _ in 0..<30 {
                try session.presentFrame()
                usleep(20_000)
            }
            try assertAnswersAndQuits(session, label)
            session.stop()
            self.session = nil
        }
    }
}
