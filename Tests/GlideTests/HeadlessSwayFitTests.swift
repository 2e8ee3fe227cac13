import Foundation
import PDFFixtures
import TestSupport
import XCTest

/// Fit in a real compositor (issue 26), read back with grim on sway's 1280×800 output: a
/// Letter PDF opens at a readable width (automatic), `f` brings the whole page box inside the
/// window, `w` makes the page as wide as the window's column (its side margins kept).
final class HeadlessSwayFitTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess?
    private var path = ""
    private var home: URL!

    override func setUpWithError() throws {
        sway = try HeadlessSway()
        // A state folder of the test's own: no reading position or fit remembered from before.
        home = FileManager.default.temporaryDirectory.appendingPathComponent("glide-fit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        chmod(home.path, 0o755)
        var fixture = PDFFixture(pageCount: 6)
        fixture.hasLinks = false
        path = fixture.write()
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        glide = nil
        sway = nil
        unlink(path)
        if let home { try? FileManager.default.removeItem(at: home) }
    }

    /// The page box in a screenshot: the extent of what is not the window's background along
    /// the middle row, and down the column a third of the way across the page (clear of the
    /// text's left edge, still on the page) from the first page's top.
    private func pageBox(_ shot: RGBImage) -> (left: Int, right: Int, top: Int, bottom: Int)? {
        let background = shot.rgb(x: 1, y: shot.height / 2)
        let row = (0..<shot.width).filter { shot.rgb(x: $0, y: shot.height / 2) != background }
        guard let left = row.first, let right = row.last, right - left > 100 else { return nil }
        let x = left + (right - left) / 3
        // Down from the page's top to the gap below it (the next page may show past it).
        guard let top = (0..<shot.height).first(where: { shot.rgb(x: x, y: $0) != background }) else { return nil }
        var bottom = top
        while bottom + 1 < shot.height, shot.rgb(x: x, y: bottom + 1) != background { bottom += 1 }
        return (left, right, top, bottom)
    }

    /// A screenshot whose page box satisfies `isReady` (at most 15 s), and that box.
    private func box(until isReady: ((left: Int, right: Int, top: Int, bottom: Int)) -> Bool) throws
        -> (left: Int, right: Int, top: Int, bottom: Int) {
        let deadline = Date().addingTimeInterval(15)
        var last: (left: Int, right: Int, top: Int, bottom: Int)?
        repeat {
            let shot = try sway.screenshot()
            last = pageBox(shot)
            if let last, isReady(last) {
                if let keep = ProcessInfo.processInfo.environment["GLIDE_FIT_SCREENSHOTS"] {
                    _ = try ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", "\(keep)-\(last.right - last.left + 1).png"],
                                             environment: sway.clientEnvironment)
                }
                return last
            }
            usleep(200_000)
        } while Date() < deadline
        if let keep = ProcessInfo.processInfo.environment["GLIDE_FIT_SCREENSHOTS"] {
            _ = try ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", "\(keep)-unsettled.png"], environment: sway.clientEnvironment)
        }
        throw HarnessError("the page box never settled as asked: last \(String(describing: last))")
    }

    /// `key` through wtype; a leading Shift takes the place of a key lost to wtype's new keymap.
    private func press(_ key: String) throws {
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Shift_L", "-k", key], environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
    }

    func testAutomaticIsAReadableWidthFShowsTheWholePageAndWTheWindowsWidth() throws {
        glide = try sway.startGlide([path], environment: ["XDG_STATE_HOME": home.path, "XDG_DATA_HOME": home.path])
        let width = 1280
        // Automatic: a Letter page at 5/3 px per point, 1,020 px, centred.
        let readable = 612.0 * 5 / 3
        let automatic = try box { abs(Double($0.right - $0.left + 1) - readable) <= 4 }
        XCTAssertEqual(Double(automatic.left + automatic.right) / 2, Double(width) / 2, accuracy: 3, "centred")

        try press("f")
        let whole = try box { $0.bottom < 799 && abs(Double($0.right - $0.left + 1) - readable) > 40 }
        XCTAssertGreaterThan(whole.top, 0, "background above the page: its top is in the window")
        XCTAssertLessThan(whole.bottom, 799, "and below it: its bottom is too")
        let aspect = Double(whole.right - whole.left + 1) / Double(whole.bottom - whole.top + 1)
        XCTAssertEqual(aspect, 612.0 / 792, accuracy: 0.02, "the whole page box, a Letter page's shape")
        XCTAssertGreaterThan(whole.bottom - whole.top, 740, "as tall as the window allows")

        try press("w")
        let fitted = try box { $0.right - $0.left + 1 > 1200 }
        XCTAssertEqual(fitted.left, 16, accuracy: 2, "the window's column: a 16 px margin each side")
        XCTAssertEqual(fitted.right, width - 17, accuracy: 2)
        print("page box: automatic \(automatic), f \(whole), w \(fitted)")
    }
}
