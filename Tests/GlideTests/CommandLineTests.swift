import Foundation
import XCTest

/// The `glide` binary's errors, which need no compositor.
final class CommandLineTests: XCTestCase {
    private let glide = BuiltProducts.path(of: "glide")

    /// An environment in which no compositor can be reached.
    private var noCompositor: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("glide-empty-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        environment["XDG_RUNTIME_DIR"] = empty.path
        environment["WAYLAND_DISPLAY"] = "wayland-glide-test"
        environment.removeValue(forKey: "WAYLAND_SOCKET")
        return environment
    }

    func testMissingFileIsReportedInOneLineWithStatus1() throws {
        let result = try ChildProcess.run(glide, ["/nonexistent/notes.md"], environment: noCompositor)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "glide: cannot open '/nonexistent/notes.md': No such file or directory\n")
    }

    func testDirectoryWithoutImagesIsReportedInOneLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = try ChildProcess.run(glide, [directory], environment: noCompositor)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "glide: no readable images in '\(directory)' "
            + "(looked for .png, .jpg, .jpeg, .gif, .bmp, .tif, .tiff, .webp)\n")
    }

    func testNoCompositorGivesOneLineAndStatus1() throws {
        let result = try ChildProcess.run(glide, [], environment: noCompositor)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.error.hasPrefix("glide: cannot connect to a Wayland compositor at 'wayland-glide-test'"),
                      result.error)
        XCTAssertEqual(result.error.filter { $0 == "\n" }.count, 1, "one line only: \(result.error)")
    }

    func testUnsetRuntimeDirectoryGivesOneLineAndStatus1() throws {
        var environment = noCompositor
        environment.removeValue(forKey: "XDG_RUNTIME_DIR")
        let result = try ChildProcess.run(glide, [], environment: environment)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error,
                       "glide: cannot connect to a Wayland compositor at 'wayland-glide-test': XDG_RUNTIME_DIR is not set\n")
    }

    func testUnknownOptionIsAUsageErrorWithStatus2() throws {
        let result = try ChildProcess.run(glide, ["--sideways"], environment: noCompositor)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.hasPrefix("glide: unknown option '--sideways'; usage: glide"), result.error)
        XCTAssertEqual(result.error.filter { $0 == "\n" }.count, 1)
    }

    func testHelpAndVersionExitCleanly() throws {
        let help = try ChildProcess.run(glide, ["--help"], environment: noCompositor)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.contains("usage: glide"))
        let version = try ChildProcess.run(glide, ["--version"], environment: noCompositor)
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.output.hasPrefix("glide "))
    }
}
