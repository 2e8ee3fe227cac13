import Foundation
import GlideTools
import Machinery
import XCTest

/// The window title's text (issue 28): a name that is not UTF-8 is shown with U+FFFD for its
/// bad bytes, and control characters are escaped as in stderr messages.
final class WindowTitleTests: XCTestCase {
    func testAStandInForANameThatIsNotUTF8IsTitledByTheNameWithItsBadBytesReplaced() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-title-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The name as the kernel has it; RawArguments opens such an operand and passes on
        // `/proc/self/fd/N`, as here.
        let name = Array((directory + "/bad").utf8) + [0xFF] + Array(".txt".utf8) + [0]
        let descriptor = name.withUnsafeBytes { open($0.bindMemory(to: CChar.self).baseAddress!, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600) }
        XCTAssertGreaterThanOrEqual(descriptor, 0, String(cString: strerror(errno)))
        defer { close(descriptor) }
        XCTAssertEqual(WindowTitle.naming(FilePath.name(of: "/proc/self/fd/\(descriptor)")), "bad\u{FFFD}.txt — Glide")
    }

    func testControlCharactersInANameAreEscapedAsInMessages() {
        XCTAssertEqual(WindowTitle.naming("esc\u{1B}[31mred\u{07}bell\u{9B}c1\n.md"), "esc\\x1B[31mred\\x07bell\\x9Bc1\\n.md — Glide")
    }

    func testAPipeIsStillNamedByItsDescriptor() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { ends.forEach { close($0) } }
        XCTAssertEqual(FilePath.name(of: "/proc/self/fd/\(ends[0])"), String(ends[0]))
    }
}
