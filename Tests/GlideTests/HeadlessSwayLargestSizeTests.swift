import Foundation
import TestSupport
import XCTest

/// The largest window `--size` allows, in a real compositor (issue 28): it maps and draws.
final class HeadlessSwayLargestSizeTests: XCTestCase {
    private func writeDocument() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-largest-\(UUID().uuidString).md").path
        try ("# The largest window\n\n" + String(repeating: "A window as large as --size allows still draws its text. ", count: 60))
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The rectangle sway gives Glide's window, in logical px.
    private func windowRect(in sway: HeadlessSway) throws -> (width: Int, height: Int)? {
        func find(_ node: Any) -> (width: Int, height: Int)? {
            guard let node = node as? [String: Any] else { return nil }
            if node["app_id"] as? String == HeadlessSway.glideAppID, let rect = node["rect"] as? [String: Any],
               let width = rect["width"] as? Int, let height = rect["height"] as? Int {
                return (width, height)
            }
            return (node["nodes"] as? [Any] ?? []).lazy.compactMap(find).first
                ?? (node["floating_nodes"] as? [Any] ?? []).lazy.compactMap(find).first
        }
        return find(try JSONSerialization.jsonObject(with: Data(try sway.message(["-t", "get_tree"]).utf8)))
    }

    /// Shows the document in a window of `--size` that sway keeps at that size (floating,
    /// without sway's limit of the output's size) with the top of its text column on the
    /// output (the column is centred across the window), and checks that the window is that
    /// size, draws text and is still running.
    private func assertDrawsAtSize(_ size: Int, outputScale: Int) throws {
        let sway = try HeadlessSway(scale: outputScale)
        try sway.message(["floating_maximum_size -1 x -1"])
        let left = (1280 / outputScale - size) / 2
        try sway.message(["for_window [app_id=\"\(HeadlessSway.glideAppID)\"] \"floating enable, move position \(left) px 0 px\""])
        let glide = try sway.startGlide(["--size", "\(size)x\(size)", try writeDocument()])
        let analysis = try sway.screenshotWithText()
        let rect = try windowRect(in: sway)
        let isRunning = glide.process.isRunning
        glide.process.terminate()
        glide.waitForExit(seconds: 10)
        XCTAssertTrue(isRunning, "glide exited: \(glide.standardError)")
        XCTAssertEqual(rect.map { [$0.width, $0.height] }, [size, size], "the window's size in sway's tree")
        XCTAssertGreaterThanOrEqual(analysis.textLineCount, 5, "no text drawn: \(analysis); \(glide.standardError)")
    }

    /// 16384×16384 px is 1 GiB a buffer: two do not fit in one wl_shm pool.
    func testTheLargestSizeDrawsAtScale1() throws {
        try assertDrawsAtSize(16_384, outputScale: 1)
    }

    /// 8192 px a side at scale 2 is 16384 device px: the same buffers.
    func testHalfTheLargestSizeDrawsAtScale2() throws {
        try assertDrawsAtSize(8_192, outputScale: 2)
    }
}
