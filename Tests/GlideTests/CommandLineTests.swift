import Foundation
import KindRegistry
import TestSupport
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
        environment["XDG_STATE_HOME"] = empty.appendingPathComponent("state").path
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
            + "(looked for .png, .jpg, .jpeg, .gif, .bmp, .tif, .tiff, .webp, .avif, .svg, .svgz)\n")
    }

    func testAnEndlessDeviceIsRefusedInsteadOfFillingMemory() throws {
        let result = try ChildProcess.run(glide, ["/dev/zero"], environment: noCompositor)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "glide: cannot open '/dev/zero': more than 256 MB to read\n")
    }

    func testAFIFOWithoutAWriterDoesNotHang() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("glide-fifo-\(UUID().uuidString)").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // It opens as an empty document and goes on to look for the compositor.
        let result = try ChildProcess.run(glide, [fifo], environment: noCompositor, timeoutSeconds: 10)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.error.hasPrefix("glide: cannot connect to a Wayland compositor"), result.error)
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

    func testBadOptionValuesAreUsageErrorsNamingTheProblem() throws {
        let cases: [([String], String)] = [
            (["--zoom", "3:1"], "glide: --zoom MIN must not exceed MAX; usage: glide"),
            (["--zoom=2"], "glide: --zoom takes MIN:MAX, not \"2\"; usage: glide"),
            (["--size", "0x600"], "glide: --size must be positive; usage: glide"),
            (["--size", "0.4x0.4"], "glide: --size needs at least 1 px a side, not \"0.4x0.4\"; usage: glide"),
            (["--size", "99999x600"], "glide: --size is limited to 16384 px a side; usage: glide"),
            (["--deceleration", "slow"], "glide: --deceleration: \"slow\" is not a number; usage: glide"),
            (["--trace"], "glide: option '--trace' needs a value; usage: glide"),
            (["--dark=yes"], "glide: option '--dark' takes no value; usage: glide"),
            (["--right-to-left=yes"], "glide: option '--right-to-left' takes no value; usage: glide"),
        ]
        for (arguments, expectedStart) in cases {
            let result = try ChildProcess.run(glide, arguments, environment: noCompositor)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.error.hasPrefix(expectedStart), "\(arguments): \(result.error)")
            XCTAssertEqual(result.error.filter { $0 == "\n" }.count, 1, "\(arguments): one line")
        }
    }

    /// A file named as output is the user's to replace, as with `strace -o`.
    func testAnExistingTraceFileIsOverwritten() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-trace-\(UUID().uuidString)").path
        try "an older trace".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ChildProcess.run(glide, ["--trace", path], environment: noCompositor)
        XCTAssertEqual(result.status, 1, "no compositor: \(result.error)")
        XCTAssertFalse(result.error.contains("trace"), result.error)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "")
    }

    /// Text and images open together (the window is the end-to-end tests'); here, with no
    /// compositor, the files are accepted and only the connection fails. A file is judged by
    /// its bytes: text named `.png` is text, a PDF named `.txt` is opened as a PDF (this one damaged).
    func testTextAndImagesOpenTogetherAndFilesAreJudgedByTheirBytes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-mixed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let text = directory.appendingPathComponent("a.md").path
        let image = directory.appendingPathComponent("b.png").path
        let pdf = directory.appendingPathComponent("c.txt").path
        try "# A\n".write(toFile: text, atomically: true, encoding: .utf8)
        try "not really a PNG".write(toFile: image, atomically: true, encoding: .utf8)
        try "%PDF-1.4\n1 0 obj << >> endobj\n".write(toFile: pdf, atomically: true, encoding: .utf8)
        let mixed = try ChildProcess.run(glide, [text, image], environment: noCompositor)
        XCTAssertEqual(mixed.status, 1)
        XCTAssertTrue(mixed.error.hasPrefix("glide: cannot connect to a Wayland compositor"), mixed.error)
        let damaged = try ChildProcess.run(glide, [pdf], environment: noCompositor)
        XCTAssertEqual(damaged.status, 1)
        XCTAssertEqual(damaged.error, "glide: cannot open PDF '\(pdf)': it is damaged\n")
    }

    /// A name is bytes: one that is not UTF-8 reaches `open` as it is (the file is missing,
    /// and the message says so naming it), and a newline in a name stays on one line.
    func testNamesAreBytesAndMessagesOneLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-names-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Through the shell: Foundation's Process can only pass UTF-8 arguments.
        let made = try ChildProcess.run("/bin/sh", ["-c", "printf text > \"$0/bad$(printf '\\377').txt\"", directory])
        XCTAssertEqual(made.status, 0, made.error)
        let missing = try ChildProcess.run("/bin/sh", ["-c", "exec \"$0\" \"$1/no$(printf '\\376')such\"", glide, directory],
                                           environment: noCompositor)
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.error, "glide: cannot open '\(directory)/no\\xFEsuch': No such file or directory\n")
        let newline = try ChildProcess.run(glide, [directory + "/two\nlines"], environment: noCompositor)
        XCTAssertEqual(newline.error, "glide: cannot open '\(directory)/two\\nlines': No such file or directory\n")
        let opened = try ChildProcess.run("/bin/sh", ["-c", "exec \"$0\" \"$1/bad$(printf '\\377').txt\"", glide, directory],
                                          environment: noCompositor)
        XCTAssertTrue(opened.error.hasPrefix("glide: cannot connect to a Wayland compositor"), "it opened: \(opened.error)")
    }

    func testHelpAndVersionExitCleanly() throws {
        let help = try ChildProcess.run(glide, ["--help"], environment: noCompositor)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.contains("usage: glide"))
        let version = try ChildProcess.run(glide, ["--version"], environment: noCompositor)
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.output.hasPrefix("glide "))
    }

    /// `--help`'s FILE line is made from the registered kinds, so it names every one of them
    /// and cannot fall behind; it says what Escape does as the README does.
    func testHelpNamesEveryKindAndWhatEscapeDoes() throws {
        let help = try ChildProcess.run(glide, ["--help"], environment: noCompositor)
        // The FILE entry, its wrapped lines joined.
        let lines = help.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  FILE ") })
        var entry = String(lines[start].dropFirst(24))
        for line in lines[(start + 1)...] where line.hasPrefix(String(repeating: " ", count: 24)) {
            entry += " " + line.trimmingCharacters(in: .whitespaces)
        }
        for kind in KindRegistry.fileDescriptions {
            XCTAssertTrue(entry.contains(kind), "'\(kind)' missing from the FILE line: \(entry)")
        }
        XCTAssertEqual(KindRegistry.fileDescriptions.count, KindRegistry.kinds.count)
        let flat = help.output.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        XCTAssertTrue(flat.contains("Escape closes find, help or a selection, else leaves full screen,"), flat)
        XCTAssertFalse(flat.contains("or quits, q"), "Escape does not quit")
        XCTAssertTrue(flat.contains("--right-to-left read pages right to left"), flat)
    }
}
