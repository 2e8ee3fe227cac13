import Foundation
import TestSupport
import XCTest

/// `make install PREFIX=…` (its copying step) and `make uninstall`: the binary, the desktop entry named after the
/// app id, the icons, man page, metainfo, translations and resources, and an installed binary that finds its
/// bundled guide.
final class InstallTests: XCTestCase {
    func testInstallPutsEverythingUnderThePrefixAndUninstallRemovesIt() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("glide-prefix-\(UUID().uuidString)").path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: BuiltProducts.releasePath(of: "glide")),
                      "make test builds the release binary first")
        // `install` builds and then runs `install-files`; inside a test run only the copying
        // can run (a second build would wait for this one's lock).
        let install = try SourceTree.make(["install-files", "PREFIX=\(prefix)"])
        XCTAssertEqual(install.status, 0, install.error)
        let files = ["bin/glide", "libexec/glide/glide-image-decoder", "libexec/glide/glide-page-renderer", "bin/glide-thumbnailer", "share/thumbnailers/glide.thumbnailer", "share/glide/default-document.md", "share/applications/dev.glide.Glide.desktop",
                     "share/icons/hicolor/scalable/apps/dev.glide.Glide.svg",
                     "share/icons/hicolor/symbolic/apps/dev.glide.Glide-symbolic.svg",
                     "share/metainfo/dev.glide.Glide.metainfo.xml", "share/man/man1/glide.1",
                     "share/locale/ru/LC_MESSAGES/glide.mo"]
        for file in files {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/" + file), file)
        }
        let desktop = try String(contentsOfFile: prefix + "/share/applications/dev.glide.Glide.desktop", encoding: .utf8)
        XCTAssertTrue(desktop.contains("MimeType=text/plain;text/markdown;"), desktop)

        // Without a compositor the installed binary gets as far as connecting, so it found the
        // guide; told to look only in its own share directory, it still does.
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = FileManager.default.temporaryDirectory.path
        environment["WAYLAND_DISPLAY"] = "wayland-glide-none"
        environment["GLIDE_RESOURCE_DIR"] = prefix + "/share/glide"
        let run = try ChildProcess.run(prefix + "/bin/glide", [], environment: environment)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.error.hasPrefix("glide: cannot connect to a Wayland compositor"), run.error)

        // And its translations, in <prefix>/share/locale.
        var russian = SourceTree.environmentWithoutLocale
        russian["LANGUAGE"] = "ru"
        let help = try ChildProcess.run(prefix + "/bin/glide", ["--help"], environment: russian)
        XCTAssertTrue(help.output.contains("Параметры:"), help.output)

        let uninstall = try SourceTree.make(["uninstall", "PREFIX=\(prefix)"])
        XCTAssertEqual(uninstall.status, 0, uninstall.error)
        for file in files {
            XCTAssertFalse(FileManager.default.fileExists(atPath: prefix + "/" + file), file)
        }
    }
}
