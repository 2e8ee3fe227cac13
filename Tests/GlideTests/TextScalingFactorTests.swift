import Foundation
import TestSupport
import XCTest
@testable import glide

/// GNOME's Large Text setting read the way Glide reads it: through `gsettings`, here with
/// GLib's keyfile backend in a private configuration directory.
final class TextScalingFactorTests: XCTestCase {
    private func gnomeEnvironment() throws -> [String: String] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("glide-gsettings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: home) }
        return ["XDG_CURRENT_DESKTOP": "GNOME", "GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": home.path,
                "HOME": home.path, "PATH": "/usr/bin:/bin"]
    }

    func testReadsGnomesTextScalingFactor() throws {
        let environment = try gnomeEnvironment()
        XCTAssertEqual(ViewerSettings.textScalingFactor(environment: environment), 1)
        let set = try ChildProcess.run("/usr/bin/gsettings", ["set", "org.gnome.desktop.interface", "text-scaling-factor", "1.25"],
                                       environment: environment)
        XCTAssertEqual(set.status, 0, set.error)
        XCTAssertEqual(ViewerSettings.textScalingFactor(environment: environment), 1.25)
    }

    func testTheEnvironmentOverridesAndNonsenseCountsAsOne() throws {
        var environment = try gnomeEnvironment()
        environment["GLIDE_TEXT_SCALE"] = "2"
        XCTAssertEqual(ViewerSettings.textScalingFactor(environment: environment), 2)
        for nonsense in ["0", "-1", "big", "inf", "nan"] {
            environment["GLIDE_TEXT_SCALE"] = nonsense
            XCTAssertEqual(ViewerSettings.textScalingFactor(environment: environment), 1, nonsense)
        }
        // Outside GNOME nothing is asked.
        XCTAssertEqual(ViewerSettings.textScalingFactor(environment: ["XDG_CURRENT_DESKTOP": "sway"]), 1)
    }
}

/// The text size in a real compositor: a document opened afresh starts at the desktop's text
/// scaling factor, within the view's zoom limits.
final class HeadlessSwayTextScaleTests: XCTestCase {
    private func firstZoom(scale: String, arguments: [String], in sway: HeadlessSway) throws -> Double {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-scale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = directory.appendingPathComponent("text.md").path
        try ("# Large text\n\n" + String(repeating: "Read without leaning in. ", count: 200))
            .write(toFile: document, atomically: true, encoding: .utf8)
        let trace = directory.appendingPathComponent("trace.jsonl").path
        var environment = sway.clientEnvironment
        environment["GLIDE_TEXT_SCALE"] = scale
        environment["XDG_STATE_HOME"] = directory.path
        let glide = ChildProcess(BuiltProducts.path(of: "glide"), ["--trace", trace] + arguments + [document],
                                 environment: environment)
        try glide.start()
        defer {
            glide.process.terminate()
            glide.waitForExit(seconds: 5)
        }
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let lines = ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").split(separator: "\n")
            if let line = lines.first, let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
               let zoom = object["zoom"] as? Double {
                return zoom
            }
            usleep(100_000)
        }
        throw HarnessError("no frame traced: \(glide.standardError)")
    }

    func testTheFirstFrameIsAtTheDesktopsTextSizeWithinTheZoomLimits() throws {
        let sway = try HeadlessSway()
        // With magnifying zoom (`--zoom`): by default the desktop's size becomes the text size,
        // re-wrapped at zoom 1 (NewUserViewerTests, the remembered size).
        let magnifying = ["--zoom", "0.75:4"]
        XCTAssertEqual(try firstZoom(scale: "1.25", arguments: magnifying, in: sway), 1.25)
        // Text zooms to 4× at most there.
        XCTAssertEqual(try firstZoom(scale: "10", arguments: magnifying, in: sway), 4)
        // Pages are read whole and do not zoom.
        XCTAssertEqual(try firstZoom(scale: "1.25", arguments: ["--paging"], in: sway), 1)
    }
}
