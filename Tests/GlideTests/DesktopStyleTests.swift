import CGIO
import DocumentKit
@testable import Portals
import XCTest

/// Light or dark and night pages, from the command line, the document's remembered choice, the
/// Settings portal and GTK's settings (issue 26).
final class DesktopStyleTests: XCTestCase {
    private func gtkPrefersDark(_ environment: [String: String], files: [String: String] = [:]) -> Bool {
        DesktopStyle.gtkPrefersDark(environment: environment) { files[$0] }
    }

    func testGTKSettingsSayDarkOrLightWhereNoPortalAnswers() {
        XCTAssertTrue(gtkPrefersDark(["GTK_THEME": "Adwaita:dark"]))
        XCTAssertFalse(gtkPrefersDark(["GTK_THEME": "Adwaita"]))
        XCTAssertTrue(gtkPrefersDark(["HOME": "/h"], files: ["/h/.config/gtk-3.0/settings.ini":
            "[Settings]\ngtk-application-prefer-dark-theme = true\n"]))
        XCTAssertTrue(gtkPrefersDark(["XDG_CONFIG_HOME": "/c"], files: ["/c/gtk-4.0/settings.ini":
            "[Settings]\ngtk-theme-name=Adwaita-dark\n"]))
        XCTAssertFalse(gtkPrefersDark(["HOME": "/h"]))
    }

    func testDarkIsTheCommandLinesThenTheDocumentsChoiceThenTheDesktops() {
        let none = PageModes(), on = PageModes(nightPages: true), off = PageModes(nightPages: false)
        XCTAssertTrue(none.startsWithNightPages(forcedOn: true, desktopPrefersDark: false), "--dark")
        XCTAssertTrue(off.startsWithNightPages(forcedOn: true, desktopPrefersDark: false), "--dark over the document's choice")
        XCTAssertTrue(on.startsWithNightPages(forcedOn: false, desktopPrefersDark: false), "the document's choice over the desktop")
        XCTAssertFalse(off.startsWithNightPages(forcedOn: false, desktopPrefersDark: true))
        XCTAssertTrue(none.startsWithNightPages(forcedOn: false, desktopPrefersDark: true), "else the desktop")
        XCTAssertFalse(none.startsWithNightPages(forcedOn: false, desktopPrefersDark: false))
        XCTAssertEqual(Palette.forNight(true), .dark)
        XCTAssertTrue(Palette.dark.nightPages)
        XCTAssertFalse(Palette.light.nightPages)
    }

    func testTheColorSchemeIsReadThroughAsManyVariantsAsThePortalWrapsIt() {
        let dark = g_variant_ref_sink(g_variant_new_variant(g_variant_new_variant(g_variant_new_uint32(1))))!
        defer { g_variant_unref(dark) }
        XCTAssertEqual(SettingsPortal.colorScheme(in: dark), .prefersDark, "Read's answer, a variant in a variant")
        let light = g_variant_ref_sink(g_variant_new_variant(g_variant_new_uint32(2)))!
        defer { g_variant_unref(light) }
        XCTAssertEqual(SettingsPortal.colorScheme(in: light), .prefersLight, "ReadOne's")
        let unknown = g_variant_ref_sink(g_variant_new_variant(g_variant_new_uint32(7)))!
        defer { g_variant_unref(unknown) }
        XCTAssertEqual(SettingsPortal.colorScheme(in: unknown), .noPreference, "a value the portal may add later")
        let text = g_variant_ref_sink(g_variant_new_variant(g_variant_new_string("dark")))!
        defer { g_variant_unref(text) }
        XCTAssertNil(SettingsPortal.colorScheme(in: text), "not a color-scheme")
    }

    func testNoSessionBusIsAskedWhereThereIsNone() {
        XCTAssertFalse(SettingsPortal.hasSessionBus(environment: ["XDG_RUNTIME_DIR": "/nonexistent"]))
        XCTAssertFalse(SettingsPortal.hasSessionBus(environment: [:]))
        XCTAssertTrue(SettingsPortal.hasSessionBus(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/bus"]))
    }
}
