import Glibc
@testable import Machinery
import XCTest

/// The memory renderers draw into goes back to its pool's recycler when the loop lets go of a
/// page's pixels, and serves the next page of about its size without a new file.
final class SharedPixelRecyclerTests: XCTestCase {
    func testReleasedPixelsServeTheNextPageOfTheirSizeAndNoOther() throws {
        let recycler = SharedPixelRecycler()
        var first: SharedPixels? = SharedPixels(memory: try XCTUnwrap(recycler.memory(forBytes: 4096 * 64)), width: 256, height: 256,
                                                recycler: recycler)
        let firstFile = try XCTUnwrap(first).memory.file
        first = nil
        let again = try XCTUnwrap(recycler.memory(forBytes: 4096 * 60))
        XCTAssertEqual(again.file, firstFile, "memory up to a quarter larger is used again")
        recycler.keep(again)
        let tooLarge = try XCTUnwrap(recycler.memory(forBytes: 4096 * 16))
        XCTAssertNotEqual(tooLarge.file, firstFile, "memory four times the size is not spent on a small page")
        var status = stat()
        XCTAssertEqual(fstat(tooLarge.file, &status), 0)
        XCTAssertEqual(Int(status.st_size), 4096 * 16)
        tooLarge.release()
    }

    func testTheRecyclerKeepsAtMostItsLimitAndNothingOnceClosed() throws {
        let recycler = SharedPixelRecycler()
        let pieceBytes = 2048 * 1024 * 4
        let memories = try (0..<6).map { _ in try XCTUnwrap(recycler.memory(forBytes: pieceBytes)) }
        let files = memories.map(\.file)
        memories.forEach(recycler.keep)
        // The two kept first were let go past the limit: their descriptors are closed.
        XCTAssertEqual(fcntl(files[0], F_GETFD), -1)
        XCTAssertEqual(fcntl(files[1], F_GETFD), -1)
        XCTAssertNotEqual(fcntl(files[5], F_GETFD), -1)
        recycler.close()
        for file in files { XCTAssertEqual(fcntl(file, F_GETFD), -1, "closed with the document") }
        let late = try XCTUnwrap(recycler.memory(forBytes: 4096))
        recycler.keep(late)
        XCTAssertEqual(fcntl(late.file, F_GETFD), -1, "memory released after the close is let go at once")
    }
}
