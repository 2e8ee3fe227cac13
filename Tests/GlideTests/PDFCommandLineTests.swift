import Foundation
import PDFFixtures
import TestSupport
import XCTest

/// `glide` on PDFs it cannot show: one line naming the reason, exit status 1 (or 2 for a
/// command line that mixes a PDF with other files). No compositor is needed to fail.
final class PDFCommandLineTests: XCTestCase {
    private let glide = BuiltProducts.path(of: "glide")

    private var noCompositor: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = FileManager.default.temporaryDirectory.path
        environment["WAYLAND_DISPLAY"] = "wayland-glide-none-\(UUID().uuidString)"
        environment.removeValue(forKey: "WAYLAND_SOCKET")
        return environment
    }

    func testAnEncryptedPDFIsOneLineNamingTheReason() throws {
        let path = DamagedPDF.encrypted(PDFFixture(pageCount: 2).write())
        let result = try ChildProcess.run(glide, [path], environment: noCompositor)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "glide: cannot open PDF '\(path)': it is encrypted and needs a password "
            + "(Glide does not open password-protected PDFs)\n")
    }

    func testACorruptPDFIsOneLine() throws {
        let path = DamagedPDF.corrupt()
        let result = try ChildProcess.run(glide, [path], environment: noCompositor)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.error.hasPrefix("glide: cannot open PDF '\(path)': it is damaged"), result.error)
        XCTAssertEqual(result.error.filter { $0 == "\n" }.count, 1, result.error)
    }

    func testARefusalTheBytesDoNotForetellIsStillOneLineBeforeAnyOtherError() throws {
        var fixture = PDFFixture(pageCount: 2)
        fixture.hasOutline = false
        // No document catalog, yet the file's ends look sound: poppler refuses it on its
        // own thread, and that comes before the missing compositor.
        let path = DamagedPDF.replacing("/Root ", with: "/Roox ", in: fixture.write())
        let result = try ChildProcess.run(glide, [path], environment: noCompositor)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "glide: cannot open PDF '\(path)': it is damaged\n")
    }

    func testAPDFWithOtherFilesIsAUsageError() throws {
        let path = PDFFixture(pageCount: 1).write()
        let result = try ChildProcess.run(glide, [path, path], environment: noCompositor)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.hasPrefix("glide: '\(path)' is a PDF; a PDF opens on its own"), result.error)
    }
}
