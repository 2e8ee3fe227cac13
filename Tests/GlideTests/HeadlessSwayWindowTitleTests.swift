import Foundation
import TestSupport
import XCTest

/// The window title sway reports for file names that are not UTF-8 or hold control
/// characters (issue 28).
final class HeadlessSwayWindowTitleTests: XCTestCase {
    private var sway: HeadlessSway!
    private var glide: ChildProcess?
    private var directory: URL!

    override func setUpWithError() throws {
        sway = try HeadlessSway()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-titles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        glide = nil
        sway = nil
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// The title of Glide's window in sway's tree, once it has one (at most 10 s).
    private func windowTitle() throws -> String? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let tree = try JSONSerialization.jsonObject(with: Data(try sway.message(["-t", "get_tree"]).utf8))
            if let title = Self.title(in: tree, appID: HeadlessSway.glideAppID) { return title }
            usleep(100_000)
        }
        return nil
    }

    private static func title(in node: Any, appID: String) -> String? {
        guard let node = node as? [String: Any] else { return nil }
        if node["app_id"] as? String == appID, let name = node["name"] as? String { return name }
        for key in ["nodes", "floating_nodes"] {
            for child in node[key] as? [Any] ?? [] {
                if let title = title(in: child, appID: appID) { return title }
            }
        }
        return nil
    }

    func testANameThatIsNotUTF8IsShownWithItsBadBytesReplaced() throws {
        let name = Array("bad".utf8) + [0xFF] + Array(".txt".utf8)
        let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBytes { open($0.bindMemory(to: CChar.self).baseAddress!, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644) }
        XCTAssertGreaterThanOrEqual(descriptor, 0, String(cString: strerror(errno)))
        _ = "A file whose name is not UTF-8.\n".withCString { write(descriptor, $0, strlen($0)) }
        close(descriptor)
        // Process passes arguments as String, which cannot hold the byte 0xFF: the shell's
        // glob hands glide the name as the kernel has it.
        let started = ChildProcess("/bin/sh", ["-c", "exec \"$0\" \"$1\"/bad*.txt", BuiltProducts.path(of: "glide"), directory.path],
                                   environment: sway.clientEnvironment)
        try started.start()
        glide = started
        try sway.waitForWindow(of: started)
        XCTAssertEqual(try windowTitle(), "bad\u{FFFD}.txt — Glide")
    }

    func testEscapeBellAndC1CharactersInANameAreEscaped() throws {
        let path = directory.appendingPathComponent("esc\u{1B}[31mred\u{07}bell\u{9B}c1.md").path
        try "# Control characters\n\nIn the name only.\n".write(toFile: path, atomically: true, encoding: .utf8)
        glide = try sway.startGlide([path])
        XCTAssertEqual(try windowTitle(), "esc\\x1B[31mred\\x07bell\\x9Bc1.md — Glide")
    }
}
