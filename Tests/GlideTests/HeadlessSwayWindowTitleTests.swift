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
        XCTAssertEqual(try sway.glideWindowTitle(), "bad\u{FFFD}.txt — Glide")
    }

    func testEscapeBellAndC1CharactersInANameAreEscaped() throws {
        let path = directory.appendingPathComponent("esc\u{1B}[31mred\u{07}bell\u{9B}c1.md").path
        try "# Control characters\n\nIn the name only.\n".write(toFile: path, atomically: true, encoding: .utf8)
        glide = try sway.startGlide([path])
        XCTAssertEqual(try sway.glideWindowTitle(), "esc\\x1B[31mred\\x07bell\\x9Bc1.md — Glide")
    }
}
