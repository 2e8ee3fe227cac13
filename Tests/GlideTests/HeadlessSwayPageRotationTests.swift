import Foundation
import PDFFixtures
import TestSupport
import XCTest

/// Ctrl+Right in a real compositor (wtype's keys): a portrait PDF page becomes a landscape
/// page box in the screenshot grim reads back.
final class HeadlessSwayPageRotationTests: XCTestCase {
    /// A screenshot once `isReady` holds (at most `seconds`).
    private func screenshot(of sway: HeadlessSway, seconds: Double = 15, until isReady: (RGBImage) -> Bool) throws -> RGBImage {
        var shot = try sway.screenshot()
        let deadline = Date().addingTimeInterval(seconds)
        while !isReady(shot), Date() < deadline {
            usleep(200_000)
            shot = try sway.screenshot()
        }
        return shot
    }

    /// Whether the screenshot shows a page box that is wider than tall (`landscape`) or taller
    /// than wide, with text drawn on it.
    private func showsPage(_ shot: RGBImage, landscape: Bool) -> Bool {
        guard let box = shot.paperBox(), shot.inkCount(step: 2) > 300 else { return false }
        return landscape ? box.width > box.height : box.height > box.width
    }

    func testCtrlRightTurnsAPortraitPageIntoALandscapePageBox() throws {
        let sway = try HeadlessSway()
        let path = PDFFixture(pageCount: 6).write()
        defer { unlink(path) }
        let glide = try sway.startGlide(["--paging", path])
        defer {
            glide.process.terminate()
            glide.waitForExit(seconds: 5)
        }
        let upright = try screenshot(of: sway) { showsPage($0, landscape: false) }
        let before = try XCTUnwrap(upright.paperBox(), "the PDF's page is drawn")
        XCTAssertGreaterThan(before.height, before.width, "a Letter page stands upright")

        // A Shift first takes the place of a key lost to wtype's new keymap; a window just mapped
        // may not have the keyboard yet, so the keys are typed again (at most three times)
        // while the page stays upright.
        var turned = upright
        for _ in 0..<3 where !showsPage(turned, landscape: true) {
            let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Shift_L", "-M", "ctrl", "-k", "Right", "-m", "ctrl"],
                                             environment: sway.clientEnvironment)
            XCTAssertEqual(typed.status, 0, typed.error)
            turned = try screenshot(of: sway, seconds: 5) { showsPage($0, landscape: true) }
        }
        let after = try XCTUnwrap(turned.paperBox())
        XCTAssertGreaterThan(after.width, after.height, "the page box lies on its side")
        XCTAssertEqual(Double(after.width) / Double(after.height), 792.0 / 612, accuracy: 0.05)
        XCTAssertGreaterThan(turned.inkCount(step: 2), 300, "its text is drawn")
        print("Ctrl+Right under sway: page box \(before.width)×\(before.height) → \(after.width)×\(after.height)")
    }
}
