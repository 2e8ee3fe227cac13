import Foundation
import TestSupport
import XCTest

/// Every kind of bad input the document issue names, through the real binary in a real
/// compositor: each opens (showing what it can, or a placeholder saying why), draws, and quits
/// cleanly; none hangs or crashes.
final class BadInputTests: XCTestCase {
    private let appID = "dev.glide.Glide"

    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Opens `path`, checks the window draws something on its page, quits with `q`.
    private func assertOpensDrawsAndQuits(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let sway = try HeadlessSway()
        let glide = ChildProcess(BuiltProducts.path(of: "glide"), [path], environment: sway.clientEnvironment)
        try glide.start()
        let deadline = Date().addingTimeInterval(20)
        while try !sway.hasWindow(appID: appID) {
            guard glide.process.isRunning, Date() < deadline else {
                glide.process.terminate()
                XCTFail("no window for \(path): \(glide.standardError)", file: file, line: line)
                return
            }
            usleep(50_000)
        }
        var analysis = InkAnalysis(try sway.screenshot())
        while analysis.inkPixelCount < 200, Date() < deadline {
            usleep(100_000)
            analysis = InkAnalysis(try sway.screenshot())
        }
        XCTAssertGreaterThan(analysis.inkPixelCount, 200, "something is drawn for \(path)", file: file, line: line)
        let typed = try ChildProcess.run("/usr/bin/wtype", ["xq"], environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error, file: file, line: line)
        XCTAssertEqual(glide.waitForExit(seconds: 10), 0, glide.standardError, file: file, line: line)
    }

    func testInvalidUTF8AndNULBytesOpen() throws {
        var bytes = Array("Valid text, then bad bytes: ".utf8) + [0xFF, 0xFE, 0xC3, 0x28, 0x00, 0x00]
        bytes += Array(" and more text after them.\n\nA second paragraph.\n".utf8)
        try assertOpensDrawsAndQuits(try file("bad.txt", bytes))
    }

    func testATenMegabyteLineWithoutANewlineOpens() throws {
        let words = Array("a very long line without any newline in it ".utf8)
        let bytes = (0..<(10 << 20)).map { words[$0 % words.count] }
        try assertOpensDrawsAndQuits(try file("long-line.txt", bytes))
    }

    func testACorruptImageShowsAPlaceholder() throws {
        try assertOpensDrawsAndQuits(try file("broken.png", Array("this is not a PNG at all".utf8)))
    }

    func testATruncatedImageShowsAPlaceholder() throws {
        // The PNG signature and the start of an IHDR chunk, then nothing.
        try assertOpensDrawsAndQuits(try file("truncated.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A,
                                                                0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]))
    }
}
