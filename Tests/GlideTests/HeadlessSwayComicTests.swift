import ArchiveFixtures
import Foundation
import TestSupport
import XCTest

/// A comic book archive the test draws and zips (`DrawnComic`), in a real compositor: its first
/// page shown whole, as drawn. The screenshot is kept at /tmp/glide-sway-comic-page.png (the
/// picture in docs/screenshots/comic-page.png).
final class HeadlessSwayComicTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "glide-sway-comic-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testAComicsFirstPageIsShownAsDrawn() throws {
        let path = folder + "/drawn.cbz"
        try ArchiveWriter.write((1...3).map { ArchiveEntry("drawn/page\($0).png", bytes: DrawnComic.page($0)) }, to: path)
        let sway = try HeadlessSway()
        let glide = try sway.startGlide([path])
        defer {
            glide.process.terminate()
            glide.waitForExit(seconds: 5)
        }
        func sunPixels(_ image: RGBImage) -> Int {
            var count = 0
            for y in stride(from: 0, to: image.height, by: 2) {
                for x in stride(from: 0, to: image.width, by: 2) {
                    let pixel = image.rgb(x: x, y: y)
                    let sun = DrawnComic.sunColour
                    if abs(Int(pixel >> 16 & 0xff) - Int(sun >> 16 & 0xff)) < 12, abs(Int(pixel >> 8 & 0xff) - Int(sun >> 8 & 0xff)) < 12,
                       abs(Int(pixel & 0xff) - Int(sun & 0xff)) < 12 { count += 1 }
                }
            }
            return count
        }
        var shot = try sway.screenshot()
        let deadline = Date().addingTimeInterval(15)
        while sunPixels(shot) < 200, Date() < deadline {
            usleep(200_000)
            shot = try sway.screenshot()
        }
        // The sun is a disc 100 px across on the page, about 60 px on screen: some 700 samples.
        XCTAssertGreaterThan(sunPixels(shot), 200, "the first page is drawn, its sun in its top panel")
        XCTAssertGreaterThan(shot.inkCount(step: 2), 1000, "its ink: borders, figures, lettering")
        try? FileManager.default.removeItem(atPath: "/tmp/glide-sway-comic-page.png")
        let grim = try ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", "/tmp/glide-sway-comic-page.png"],
                                        environment: sway.clientEnvironment)
        XCTAssertEqual(grim.status, 0, grim.error)
    }
}
