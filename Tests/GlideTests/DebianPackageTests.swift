import Foundation
import KindRegistry
import TestSupport
import XCTest

/// The package `make deb` writes (make test writes it before the tests, from the release
/// binary), installed with dpkg on this machine: the installed glide runs without a Swift
/// toolchain's libraries, in a real compositor, and `dpkg -r` takes every file away again.
final class DebianPackageTests: XCTestCase {
    /// dpkg runs ldconfig and its triggers from the system directories.
    private let systemEnvironment = ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                                     "DEBIAN_FRONTEND": "noninteractive"]

    private var packagePath: String {
        get throws {
            let record = SourceTree.path + "/.build/debian/deb-path"
            guard let path = try? String(contentsOfFile: record, encoding: .utf8) else {
                throw HarnessError("no package: make test runs 'make package' before the tests (\(record) is missing)")
            }
            return SourceTree.path + "/" + path.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// dpkg, through `sudo -n` when the tests do not run as root (as make does for apt-get).
    private func dpkg(_ arguments: [String]) throws -> (status: Int32?, output: String, error: String) {
        let (program, prefix) = getuid() == 0 ? ("/usr/bin/dpkg", []) : ("/usr/bin/sudo", ["-n", "/usr/bin/dpkg"])
        return try ChildProcess.run(program, prefix + arguments, environment: systemEnvironment, timeoutSeconds: 300)
    }

    func testThePackageInstallsRunsInSwayAndRemovesEverything() throws {
        let deb = try packagePath
        let install = try dpkg(["-i", deb])
        XCTAssertEqual(install.status, 0, install.error)
        var removed = false
        defer { if !removed { _ = try? dpkg(["-r", "glide"]) } }

        let listed = try dpkg(["-L", "glide"]).output.split(separator: "\n").map(String.init)
        let files = listed.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        for expected in ["/usr/bin/glide", "/usr/libexec/glide/glide-image-decoder", "/usr/libexec/glide/glide-page-renderer", "/usr/bin/glide-thumbnailer", "/usr/share/thumbnailers/glide.thumbnailer", "/usr/share/glide/default-document.md", "/usr/share/man/man1/glide.1.gz",
                         "/usr/share/applications/dev.glide.Glide.desktop",
                         "/usr/share/icons/hicolor/scalable/apps/dev.glide.Glide.svg",
                         "/usr/share/icons/hicolor/symbolic/apps/dev.glide.Glide-symbolic.svg",
                         "/usr/share/metainfo/dev.glide.Glide.metainfo.xml",
                         "/usr/share/locale/ru/LC_MESSAGES/glide.mo", "/usr/share/doc/glide/copyright"] {
            XCTAssertTrue(files.contains(expected), "the package ships \(expected)")
        }

        let version = try ChildProcess.run("/usr/bin/glide", ["--version"], environment: SourceTree.environmentWithoutLocale)
        XCTAssertEqual(version.status, 0, version.error)
        XCTAssertTrue(version.output.hasPrefix("glide "), version.output)
        var russian = SourceTree.environmentWithoutLocale
        russian["LANGUAGE"] = "ru"
        XCTAssertTrue(try ChildProcess.run("/usr/bin/glide", ["--help"], environment: russian).output.contains("Параметры:"),
                      "the installed catalog, /usr/share/locale/ru/LC_MESSAGES/glide.mo, is found")

        // The Swift runtime is inside every program: no libswift*, Foundation or dispatch library.
        let programs = files.filter { $0.hasPrefix("/usr/bin/") || $0.hasPrefix("/usr/libexec/") }
        for program in programs {
            let ldd = try ChildProcess.run("/usr/bin/ldd", [program])
            XCTAssertEqual(ldd.status, 0, ldd.error)
            XCTAssertFalse(ldd.output.contains("not found"), ldd.output)
            for swiftLibrary in ["libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "lib_Foundation"] {
                XCTAssertFalse(ldd.output.contains(swiftLibrary), "ldd \(program) shows \(swiftLibrary):\n\(ldd.output)")
            }
            XCTAssertTrue(ldd.output.contains("libc.so.6"), ldd.output)
        }

        // A smoke run in headless sway: started with no file, the home; then the bundled guide
        // from /usr/share/glide, drawn.
        let sway = try HeadlessSway()
        let home = try sway.startGlide([], binary: "/usr/bin/glide")
        XCTAssertEqual(try sway.glideWindowTitle()?.hasPrefix("Recent documents"), true)
        try sway.message(["[app_id=\"\(HeadlessSway.glideAppID)\"]", "kill"])
        XCTAssertEqual(home.waitForExit(seconds: 10), 0)
        let glide = try sway.startGlide(["/usr/share/glide/default-document.md"], binary: "/usr/bin/glide")
        let analysis = try sway.screenshotWithText()
        XCTAssertGreaterThanOrEqual(analysis.textLineCount, 10, "\(analysis)")
        try sway.message(["[app_id=\"\(HeadlessSway.glideAppID)\"]", "kill"])
        XCTAssertEqual(glide.waitForExit(seconds: 10), 0)
        XCTAssertEqual(glide.standardError, "")

        let remove = try dpkg(["-r", "glide"])
        removed = true
        XCTAssertEqual(remove.status, 0, remove.error)
        for file in files {
            XCTAssertFalse(FileManager.default.fileExists(atPath: file), "\(file) is left behind")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/usr/share/glide"), "/usr/share/glide is left behind")
        let status = try ChildProcess.run("/usr/bin/dpkg-query", ["-W", "-f=${Status}", "glide"])
        XCTAssertFalse(status.output.contains("installed") && !status.output.contains("not-installed"),
                       "dpkg still knows glide: \(status.output)")
    }

    /// What software centres and file managers read: every type Glide opens, the metainfo's
    /// screenshots (make demo's pictures), controls and release notes.
    func testTheDesktopEntryAndMetainfoDescribeWhatGlideDoes() throws {
        let generated = SourceTree.path + "/.build/generated/"
        let desktop = try String(contentsOfFile: generated + "dev.glide.Glide.desktop", encoding: .utf8)
        let mimeLine = desktop.split(separator: "\n").first { $0.hasPrefix("MimeType=") } ?? ""
        let mimeTypes = Set(mimeLine.dropFirst("MimeType=".count).split(separator: ";").map(String.init))
        for type in ["text/plain", "text/markdown", "image/png", "image/jpeg", "image/gif", "image/webp", "image/avif",
                     "image/svg+xml", "image/tiff", "image/bmp", "application/pdf", "application/epub+zip",
                     "application/vnd.comicbook+zip", "application/vnd.comicbook-rar", "image/vnd.djvu"] {
            XCTAssertTrue(mimeTypes.contains(type), "the desktop entry lists \(type): \(mimeLine)")
        }
        XCTAssertTrue(desktop.contains("GenericName[ru]="), "the desktop entry carries the Russian translation")

        let metainfo = try String(contentsOfFile: generated + "dev.glide.Glide.metainfo.xml", encoding: .utf8)
        for control in ["touch", "pointing", "keyboard"] {
            XCTAssertTrue(metainfo.contains("<control>\(control)</control>"), control)
        }
        XCTAssertTrue(metainfo.contains("<content_rating type=\"oars-1.1\""))
        XCTAssertTrue(metainfo.contains("<mediatype>application/epub+zip</mediatype>"), "software centres find Glide for books")
        let screenshots = metainfo.components(separatedBy: "<image>").dropFirst().map { $0.prefix { $0 != "<" } }
        XCTAssertGreaterThanOrEqual(screenshots.count, 3)
        for url in screenshots {
            let name = url.split(separator: "/").last.map(String.init) ?? ""
            XCTAssertTrue(url.hasSuffix("/demo/" + name) && FileManager.default.fileExists(atPath: SourceTree.path + "/demo/" + name),
                          "the screenshot \(url) is one of make demo's pictures in demo/")
        }
        // The changelog's first bullet is the first release's first note.
        let changelog = try String(contentsOfFile: SourceTree.path + "/CHANGELOG.md", encoding: .utf8)
        let firstBullet = changelog.split(separator: "\n").first { $0.hasPrefix("- ") }.map { $0.dropFirst(2).prefix(40) } ?? ""
        XCTAssertTrue(metainfo.contains("<release "), metainfo)
        XCTAssertTrue(metainfo.contains(firstBullet.replacingOccurrences(of: "`", with: "")), "release notes hold '\(firstBullet)'")
    }

    /// The man page says what --help and the README's key table say, every option and key.
    func testTheManPageHoldsEveryOptionAndKey() throws {
        let page = try String(contentsOfFile: SourceTree.path + "/.build/generated/glide.1", encoding: .utf8)
        let help = try ChildProcess.run(BuiltProducts.releasePath(of: "glide"), ["--help"],
                                        environment: SourceTree.environmentWithoutLocale).output
        let options = help.split(separator: "\n").filter { $0.hasPrefix("  -") }
            .map { $0.dropFirst(2).components(separatedBy: "  ")[0] }
        XCTAssertGreaterThanOrEqual(options.count, 10, help)
        for option in options {
            XCTAssertTrue(page.contains(".B " + option.replacingOccurrences(of: "-", with: "\\-")), "glide.1 documents \(option)")
        }
        let readme = try String(contentsOfFile: SourceTree.path + "/README.md", encoding: .utf8)
        let keySection = readme.components(separatedBy: "### Keys")[1].components(separatedBy: "\n#")[0]
        let keyRows = keySection.split(separator: "\n")
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Keys") }
        XCTAssertGreaterThanOrEqual(keyRows.count, 5)
        for row in keyRows {
            let keys = row.split(separator: "|")[0].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
            XCTAssertTrue(page.contains(".B " + keys.replacingOccurrences(of: "-", with: "\\-")), "glide.1 lists the keys \(keys)")
        }
        XCTAssertTrue(page.contains(".SH EXIT STATUS"))
        // What FILE may be, every registered kind (an EPUB book among them, issue 24), as --help says.
        let flatPage = page.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for kind in KindRegistry.fileDescriptions {
            XCTAssertTrue(flatPage.contains(kind.replacingOccurrences(of: "-", with: "\\-")), "glide.1 names \(kind)")
        }
    }
}
