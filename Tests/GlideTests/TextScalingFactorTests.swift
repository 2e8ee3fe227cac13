import Foundation
@testable import glide
import XCTest

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
