import ArchiveFixtures
import Foundation
import GlideDriver
import XCTest

/// A comic too long to list on the loop is listed on a worker (issue 25): a zip whose
/// directory is long, a tar of many headers, a 7z whose header block is long. Its refusal
/// arrives after the open, and Glide still ends with one line and status 1.
final class ComicListingEndToEndTests: GlideTestCase {
    func testALongArchiveWithoutImagesEndsGlideWithOneLineAndStatusOne() throws {
        // 200 entries with long names: a zip directory of about 16 KB, past the 4 KB listed at
        // open; 200 tar headers, past the 64 listed at open.
        let notes = (1...200).map { ArchiveEntry("notes/a note of some length \($0).txt", "x") }
        for (format, suffix) in [(ArchiveFormat.zip, ".cbz"), (.tar, ".cbt")] {
            let path = temporaryPath(suffix)
            try ArchiveWriter.write(notes, to: path, format: format)
            let (status, standardError) = try run(path)
            XCTAssertEqual(status, 1, suffix)
            XCTAssertEqual(standardError, "glide: no readable images in '\(path)' (looked for .png, .jpg, .jpeg, .gif, .bmp, "
                + ".tif, .tiff, .webp, .avif, .svg, .svgz)\n", suffix)
        }
    }

    func testALongArchiveFoundDamagedEndsGlideWithOneLineAndStatusOne() throws {
        // A 7z header block of 1 MB, more than the open reads, whose checksum is wrong.
        let path = temporaryPath(".cb7")
        try Data(DamagedSevenZip.archive(headerBytes: 1 << 20)).write(to: URL(fileURLWithPath: path))
        let (status, standardError) = try run(path)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(standardError.hasPrefix("glide: cannot open '\(path)': it is damaged"), standardError)
        XCTAssertEqual(standardError.filter { $0 == "\n" }.count, 1, standardError)
    }

    private func temporaryPath(_ suffix: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-notes-\(UUID().uuidString)\(suffix)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// Glide shown `path` until it exits: its status and standard error.
    private func run(_ path: String) throws -> (status: Int32, standardError: String) {
        do {
            let session = try start(document: .paths([path]))
            let status = try session.client.waitForExit()
            let standardError = session.client.standardError
            session.stop()
            self.session = nil
            return (status, standardError)
        } catch let exited as GlideExitedError {
            // The listing ended before the window's first buffer.
            return (exited.status, exited.standardError)
        }
    }
}
