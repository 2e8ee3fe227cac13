import ArchiveFixtures
import Foundation
import GlideDriver
import XCTest

/// A zip comic whose directory is too long to list on the loop is listed on a worker (issue
/// 25): its refusal arrives after the open, and Glide still ends with one line and status 1.
final class ComicListingEndToEndTests: GlideTestCase {
    func testALongArchiveWithoutImagesEndsGlideWithOneLineAndStatusOne() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-notes-\(UUID().uuidString).cbz").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        // 200 entries with long names: a directory of about 16 KB, past the 4 KB listed at open.
        try ArchiveWriter.write((1...200).map { ArchiveEntry("notes/a note of some length \($0).txt", "x") }, to: path)
        let status: Int32, standardError: String
        do {
            let session = try start(document: .paths([path]))
            status = try session.client.waitForExit()
            standardError = session.client.standardError
            session.stop()
            self.session = nil
        } catch let exited as GlideExitedError {
            // The listing ended before the window's first buffer.
            (status, standardError) = (exited.status, exited.standardError)
        }
        XCTAssertEqual(status, 1)
        XCTAssertEqual(standardError, "glide: no readable images in '\(path)' (looked for .png, .jpg, .jpeg, .gif, .bmp, "
            + ".tif, .tiff, .webp, .avif, .svg, .svgz)\n")
    }
}
