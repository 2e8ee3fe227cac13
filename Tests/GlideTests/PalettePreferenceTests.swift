import DocumentKit
import XCTest
@testable import glide

/// Light or dark, from the command line or the desktop's settings.
final class PalettePreferenceTests: XCTestCase {
    private func preferred(forcingDark: Bool = false, _ environment: [String: String], files: [String: String] = [:]) -> Palette {
        Palette.preferred(forcingDark: forcingDark, environment: environment) { files[$0] }
    }

    func testDarkWhenForcedOrWhenTheDesktopSaysSo() {
        XCTAssertEqual(preferred(forcingDark: true, [:]), .dark)
        XCTAssertEqual(preferred(["GTK_THEME": "Adwaita:dark"]), .dark)
        XCTAssertEqual(preferred(["GTK_THEME": "Adwaita"]), .light)
        XCTAssertEqual(preferred(["HOME": "/h"], files: ["/h/.config/gtk-3.0/settings.ini":
            "[Settings]\ngtk-application-prefer-dark-theme = true\n"]), .dark)
        XCTAssertEqual(preferred(["XDG_CONFIG_HOME": "/c"], files: ["/c/gtk-4.0/settings.ini":
            "[Settings]\ngtk-theme-name=Adwaita-dark\n"]), .dark)
        XCTAssertEqual(preferred(["HOME": "/h"]), .light)
    }
}
