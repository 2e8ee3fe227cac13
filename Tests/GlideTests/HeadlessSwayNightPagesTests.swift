import Foundation
import PDFFixtures
import TestSupport
import XCTest

/// Night pages in a real compositor (issue 26): a PDF of black text and a red figure, read
/// back with grim. Ctrl+I turns the text page dark with the figure still red, `--dark` starts
/// that way, and the Settings portal's `color-scheme` (a stand-in, Tests/PortalStandIn/
/// settings-portal.py, on a private bus) turns the pages as it changes.
final class HeadlessSwayNightPagesTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess?
    private var portal: PortalStandInBus?
    private var directory: URL!
    private var path = ""

    override func setUpWithError() throws {
        sway = try HeadlessSway()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-night-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
        path = NightPagesPDF.write(pageCount: 3)
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        portal?.stop()
        glide = nil
        sway = nil
        unlink(path)
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// The environment: GTK's settings of the test's own (none), so only the portal or the
    /// command line can make the pages dark; the stand-in portal's bus, when there is one.
    private func environment() -> [String: String] {
        var environment = sway.clientEnvironment
        environment["XDG_CONFIG_HOME"] = directory.path
        environment["GTK_THEME"] = nil
        // No bus but the stand-in's: a desktop session around the tests says nothing.
        environment["DBUS_SESSION_BUS_ADDRESS"] = portal?.address
        return environment
    }

    private func start(_ arguments: [String]) throws {
        let glide = ChildProcess(BuiltProducts.path(of: "glide"), arguments + [path], environment: environment())
        try glide.start()
        self.glide = glide
        try sway.waitForWindow(of: glide)
    }

    /// The mean HSL lightness (0…1) of the middle half of the screen, where the page is, and
    /// how many pixels of it are strongly red (every other row and column).
    private func measure(_ shot: RGBImage) -> (lightness: Double, red: Int) {
        var total = 0.0, count = 0, red = 0
        for y in stride(from: 0, to: shot.height, by: 2) {
            for x in stride(from: shot.width / 4, to: shot.width * 3 / 4, by: 2) {
                let pixel = shot.rgb(x: x, y: y)
                let r = Int(pixel >> 16), g = Int((pixel >> 8) & 0xff), b = Int(pixel & 0xff)
                total += Double(max(r, g, b) + min(r, g, b)) / 510
                count += 1
                if r > 150, g < 90, b < 90 { red += 1 }
            }
        }
        return (total / Double(max(count, 1)), red)
    }

    /// Whether the window's background beside the page is dark (the palette turns at once;
    /// the pages follow when their renderers have drawn them again).
    private func hasDarkBackground(_ shot: RGBImage) -> Bool {
        shot.luminance(x: 4, y: shot.height / 2) < 80
    }

    /// A screenshot once `isReady` holds (at most `seconds`).
    private func screenshot(within seconds: Double = 15, until isReady: (RGBImage) -> Bool) throws -> RGBImage {
        var shot = try sway.screenshot()
        let deadline = Date().addingTimeInterval(seconds)
        while !isReady(shot), Date() < deadline {
            usleep(200_000)
            shot = try sway.screenshot()
        }
        return shot
    }

    /// The page drawn by day: light, with the red figure.
    private func dayPage() throws -> (lightness: Double, red: Int) {
        let shot = try screenshot { measure($0).lightness > 0.7 && measure($0).red > 1000 }
        return measure(shot)
    }

    /// The page drawn at night: dark, with the figure still red.
    private func nightPage() throws -> (lightness: Double, red: Int) {
        let shot = try screenshot { measure($0).lightness < 0.3 && measure($0).red > 1000 }
        if let keep = ProcessInfo.processInfo.environment["GLIDE_NIGHT_SCREENSHOT"] {
            // For the README's picture: the same output, grabbed once more to a file of its own.
            _ = try ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", keep], environment: sway.clientEnvironment)
        }
        return measure(shot)
    }

    /// Ctrl+I through wtype, typed again if the window's background did not turn (a key lost
    /// to wtype's new keymap under load); a leading Shift takes the place of a lost first key.
    private func pressControlI(untilDarkBackground dark: Bool) throws {
        for _ in 0..<3 {
            let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Shift_L", "-M", "ctrl", "-k", "i", "-m", "ctrl"],
                                             environment: sway.clientEnvironment)
            XCTAssertEqual(typed.status, 0, typed.error)
            if hasDarkBackground(try screenshot(within: 4) { hasDarkBackground($0) == dark }) == dark { return }
        }
        XCTFail("Ctrl+I did not turn the window \(dark ? "dark" : "light")")
    }

    func testCtrlITurnsTheTextPageDarkAndTheRedFigureStaysRed() throws {
        try start([])
        let day = try dayPage()
        XCTAssertGreaterThan(day.lightness, 0.7, "black text on white paper first")
        XCTAssertGreaterThan(day.red, 1000, "the red figure is on screen")

        try pressControlI(untilDarkBackground: true)
        let night = try nightPage()
        XCTAssertLessThan(night.lightness, 0.3, "the text page is dark: \(night)")
        XCTAssertGreaterThan(night.red, day.red * 7 / 10, "the figure stays red: \(night.red) of \(day.red) px")

        try pressControlI(untilDarkBackground: false)
        XCTAssertGreaterThan(try dayPage().lightness, 0.7, "Ctrl+I again: day")
    }

    func testDarkStartsWithNightPages() throws {
        try start(["--dark"])
        let night = try nightPage()
        XCTAssertLessThan(night.lightness, 0.3, "\(night)")
        XCTAssertGreaterThan(night.red, 1000, "the figure is red")
    }

    func testTheSettingsPortalsColorSchemeTurnsThePagesAsItChanges() throws {
        portal = try PortalStandInBus(script: "settings-portal.py", in: directory, environment: ["COLOR_SCHEME": "0"])
        try start([])
        XCTAssertGreaterThan(try dayPage().lightness, 0.7, "no preference, no GTK setting: day")
        let portal = try XCTUnwrap(portal)
        let calls = try portal.calls()
        XCTAssertTrue(calls.contains { $0["method"] as? String == "ReadOne" }, "read with ReadOne: \(calls)")

        portal.send(SIGUSR1)
        let night = try nightPage()
        XCTAssertLessThan(night.lightness, 0.3, "the desktop turned dark while reading: \(night)")
        XCTAssertGreaterThan(night.red, 1000)

        portal.send(SIGUSR2)
        XCTAssertGreaterThan(try dayPage().lightness, 0.7, "and light again")
    }

    func testAnOlderPortalWithoutReadOneIsReadWithRead() throws {
        portal = try PortalStandInBus(script: "settings-portal.py", in: directory,
                                      environment: ["COLOR_SCHEME": "1", "NO_READ_ONE": "1"])
        try start([])
        XCTAssertLessThan(try nightPage().lightness, 0.3, "the desktop prefers dark from the start")
        let methods = try XCTUnwrap(portal).calls().compactMap { $0["method"] as? String }
        // GDBus refuses ReadOne itself (UnknownMethod, not in the stand-in's interface), so
        // the stand-in sees only the Read that answered.
        XCTAssertEqual(methods.first, "Read", "ReadOne refused, Read answered: \(methods)")
    }
}
