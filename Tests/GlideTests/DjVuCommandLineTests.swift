import DjVuFixtures
import Foundation
import TestSupport
import XCTest

/// `glide` on DjVu files it cannot show: one line naming the file, exit status 1, and no line
/// of DjVuLibre's own unless `GLIDE_DEBUG` is set. No compositor is needed to fail.
final class DjVuCommandLineTests: XCTestCase {
    private let glide = BuiltProducts.path(of: "glide")
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    private var noCompositor: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = FileManager.default.temporaryDirectory.path
        environment["WAYLAND_DISPLAY"] = "wayland-glide-none-\(UUID().uuidString)"
        environment.removeValue(forKey: "WAYLAND_SOCKET")
        environment.removeValue(forKey: "GLIDE_DEBUG")
        return environment
    }

    /// A two-page document cut in half: its directory names pages past its end.
    private func truncated() throws -> String {
        let whole = FileManager.default.temporaryDirectory.appendingPathComponent("glide-djvu-\(UUID().uuidString).djvu").path
        paths.append(whole)
        try DjVuFixture.write([DjVuFixture.Page(ink: [(100, 100, 300, 300)]), DjVuFixture.Page(isBitonal: true)], to: whole)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let path = whole + ".cut.djvu"
        paths.append(path)
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testATruncatedDjVuIsOneLineAndExitStatusOne() throws {
        let path = try truncated()
        let result = try ChildProcess.run(glide, [path], environment: noCompositor)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.error.hasPrefix("glide: cannot open '\(path)': "), result.error)
        XCTAssertEqual(result.error.filter { $0 == "\n" }.count, 1, "one line, none of DjVuLibre's: \(result.error)")
        XCTAssertFalse(result.error.contains("DjVuLibre:"), result.error)
    }

    func testGlideDebugShowsWhatDjVuLibreSaid() throws {
        let path = try truncated()
        var environment = noCompositor
        environment["GLIDE_DEBUG"] = "1"
        let result = try ChildProcess.run(glide, [path], environment: environment)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.error.contains("glide: DjVuLibre: "), "DjVuLibre's messages, one line each: \(result.error)")
        XCTAssertTrue(result.error.contains("glide: cannot open '\(path)': "), result.error)
    }
}
