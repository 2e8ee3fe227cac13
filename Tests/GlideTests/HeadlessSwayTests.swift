import Foundation
import TestSupport
import XCTest

/// End-to-end: the real `glide` binary in a real compositor (headless sway), read back with grim.
final class HeadlessSwayTests: XCTestCase {
    private let appID = HeadlessSway.glideAppID

    private func writeDocument(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString).md").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testDrawsTheDocumentsTextAndExitsWhenTheCompositorClosesIt() throws {
        let sway = try HeadlessSway()
        let paragraph = "Glide draws this paragraph with pango and cairo into shared memory. "
        let russian = "Этот абзац написан кириллицей, чтобы проверить шрифты и перенос строк. "
        let document = try writeDocument(
            "# A known document\n\n" + String(repeating: paragraph, count: 6) + "\n\n## Кириллица\n\n"
            + String(repeating: russian, count: 6) + "\n")
        let glide = try sway.startGlide([document])

        let analysis = try sway.screenshotWithText()
        XCTAssertTrue(analysis.isDarkOnLight, "page luminance \(analysis.backgroundLuminance)")
        XCTAssertGreaterThan(analysis.inkPixelCount, 5_000, "too few glyph pixels: \(analysis)")
        XCTAssertGreaterThanOrEqual(analysis.textLineCount, 10, "expected many lines of text: \(analysis)")

        // `kill` sends xdg_toplevel.close, which Glide honours by exiting normally.
        try sway.message(["[app_id=\"\(appID)\"]", "kill"])
        XCTAssertEqual(glide.waitForExit(seconds: 10), 0, glide.standardError)
    }

    /// The optimised build changes object lifetimes, so it runs for real too.
    func testTheReleaseBinaryShowsTextAndExitsCleanlyOnQAndOnSIGTERM() throws {
        let release = BuiltProducts.releasePath(of: "glide")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: release), "build it first: swift build -c release")
        let sway = try HeadlessSway()
        let document = try writeDocument("# Release\n\n" + String(repeating: "Optimised and still drawing. ", count: 40))

        let first = try sway.startGlide([document], binary: release)
        XCTAssertGreaterThanOrEqual(try sway.screenshotWithText().textLineCount, 5)
        let typed = try ChildProcess.run("/usr/bin/wtype", ["xq"], environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
        XCTAssertEqual(first.waitForExit(seconds: 10), 0, first.standardError)
        XCTAssertEqual(first.standardError, "")

        let second = try sway.startGlide([document], binary: release)
        second.process.terminate()
        XCTAssertEqual(second.waitForExit(seconds: 10), 0, second.standardError)
        XCTAssertEqual(second.standardError, "")
    }

    func testOpensTheHomeWithoutArgumentsAndQuitsOnQ() throws {
        let sway = try HeadlessSway()
        let glide = try sway.startGlide([])
        // The home of a first run: its heading, the Open… button and the bundled guide's cell.
        let analysis = try sway.screenshotWithText()
        XCTAssertTrue(analysis.isDarkOnLight)
        XCTAssertGreaterThanOrEqual(analysis.textLineCount, 2, "\(analysis)")
        XCTAssertEqual(try sway.glideWindowTitle()?.hasPrefix("Recent documents"), true)

        // The first key of a new virtual keyboard can be lost while its keymap is sent, so a
        // harmless key goes first, from the same keyboard.
        let typed = try ChildProcess.run("/usr/bin/wtype", ["xq"], environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
        XCTAssertEqual(glide.waitForExit(seconds: 10), 0, glide.standardError)
    }
}

/// A window on an output with scale 2 renders at twice the resolution, not upscaled.
final class HeadlessSwayScaleTests: XCTestCase {
    func testOnAScale2OutputTheWindowShowsTextRenderedAtScale2() throws {
        let sway = try HeadlessSway(outputSize: (1280, 800), scale: 2)
        let text = "# Crisp at scale 2\n\n" + String(repeating: "Sharp glyphs, not stretched pixels. ", count: 40)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString).md").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let glide = ChildProcess(BuiltProducts.path(of: "glide"), [path], environment: sway.clientEnvironment)
        try glide.start()
        defer { glide.process.terminate() }

        // The tiled window fills the output: 640x400 logical px, 1280x800 device pixels.
        let expected2x = try OffscreenFrame(markdown: text, logicalWidth: 640, logicalHeight: 400, scale: 2)
        let upscaled1x = try OffscreenFrame(markdown: text, logicalWidth: 640, logicalHeight: 400, scale: 1)
        var screenshot = try sway.screenshot()
        let deadline = Date().addingTimeInterval(10)
        while expected2x.meanDifference(from: screenshot) > 2, Date() < deadline {
            usleep(100_000)
            screenshot = try sway.screenshot()
        }
        XCTAssertEqual(screenshot.width, 1280)
        XCTAssertLessThanOrEqual(expected2x.meanDifference(from: screenshot), 2,
                                 "the screen matches the document rendered at scale 2")
        XCTAssertGreaterThan(upscaled1x.meanDifference(from: screenshot), 2 * max(expected2x.meanDifference(from: screenshot), 1),
                             "and not a scale-1 rendering stretched to fit")
    }
}
