import GlideDriver
import TestCompositor
import XCTest

/// Output scale and fractional scale: buffer sizes, buffer scale, viewport, crisp text.
final class ScaleTests: GlideTestCase {
    /// What glide shows at rest right after start, on an output of `scale`.
    private func startupImage(outputScale: Int32) throws -> SurfaceState {
        let session = try start(outputScale: outputScale)
        let state = session.committed
        XCTAssertEqual(session.takeProblems(), [])
        session.stop()
        self.session = nil
        return state
    }

    func testOnAScaleTwoOutputTheBufferIsTwiceTheLogicalSizeWithCrispText() throws {
        let one = try XCTUnwrap(try startupImage(outputScale: 1).image)
        let twoState = try startupImage(outputScale: 2)
        let two = try XCTUnwrap(twoState.image)

        XCTAssertEqual([two.width, two.height], [1600, 1200])
        XCTAssertEqual(twoState.bufferScale, 2)
        XCTAssertEqual(twoState.logicalSize, Size(width: 800, height: 600))

        // The same page: the scale-2 buffer reduced by 2 looks like the scale-1 one.
        // (As a yardstick, the scale-1 page against itself moved down by 3 px.)
        let reduced = two.downsampledLuminance(by: 2), reference = one.luminanceGrid
        func meanDifference(_ image: [[Double]], shiftedBy shift: Int) -> Double {
            var difference = 0.0
            for row in 0..<(600 - shift) {
                for column in 0..<800 { difference += abs(image[row + shift][column] - reference[row][column]) }
            }
            return difference / Double(800 * (600 - shift))
        }
        let sameLayout = meanDifference(reduced, shiftedBy: 0), yardstick = meanDifference(reference, shiftedBy: 3)
        XCTAssertLessThan(sameLayout, yardstick / 2, "the same layout at both scales")

        // Crisp: drawn at full resolution, not the scale-1 page doubled. In 2×2 blocks with
        // ink, doubled pixels are all equal; glyphs drawn at scale 2 have detail in most.
        let detail = two.fractionOfInkBlocksWithDetail()
        let doubled = SurfaceImage(width: 1600, height: 1200, hasAlpha: false,
                                   pixels: (0..<1200).flatMap { row in (0..<1600).map { one.pixels[(row / 2) * 800 + $0 / 2] } })
        XCTAssertEqual(doubled.fractionOfInkBlocksWithDetail(), 0, "the measure sees doubling")
        XCTAssertGreaterThan(detail, 0.5, "text drawn at twice the resolution")
        XCTAssertGreaterThan(Double(two.countPixels(darkerThan: 100)) / Double(one.countPixels(darkerThan: 100)), 3,
                             "about four times the ink pixels")
        print("scale 2: mean luminance difference to scale 1 after reduction \(sameLayout) (3 px shift: \(yardstick)); ink blocks with detail \(detail)")
    }

    func testAScaleChangeFromOneToTwoMidFlingRedrawsAtScaleTwoAndTheFlingGoesOn() throws {
        let session = try start()
        try session.flick(from: 500, by: -300, steps: 4)
        for _ in 0..<10 { try session.presentFrame() }
        let before = try session.traceOfShownFrame()
        XCTAssertEqual(before.phase, "decelerating")

        session.compositor.exec { $0.output.scale = 2 }
        try session.presentFrame()
        let state = session.committed
        XCTAssertEqual(state.image.map { [$0.width, $0.height] }, [1600, 1200])
        XCTAssertEqual(state.bufferScale, 2)
        let after = try session.traceOfShownFrame()
        XCTAssertEqual(after.phase, "decelerating", "the fling goes on")
        XCTAssertGreaterThan(after.y, before.y)

        try session.runUntilIdle()
        let trace = try session.trace()
        XCTAssertGreaterThan(try XCTUnwrap(trace.last).y, after.y, "and carries on to its end")
        XCTAssertEqual(session.committed.bufferScale, 2)
        XCTAssertGreaterThan(try session.image.fractionOfInkBlocksWithDetail(), 0.5, "crisp at scale 2")
    }

    func testAFractionalScaleGivesARoundedBufferWithBufferScaleOneAndAViewportOfTheLogicalSize() throws {
        let session = try start(configuration: Configuration(optionalGlobals: .all, preferredFractionalScale: 180))
        var state = session.committed
        XCTAssertEqual(session.compositor.exec { $0.fractionalScaleManager.objectCount }, 1)
        XCTAssertEqual(state.image.map { [$0.width, $0.height] }, [1200, 900], "round(800 × 1.5) × round(600 × 1.5)")
        XCTAssertEqual(state.bufferScale, 1)
        XCTAssertEqual(state.viewportDestination, Size(width: 800, height: 600))
        XCTAssertEqual(state.logicalSize, Size(width: 800, height: 600))
        XCTAssertGreaterThan(try session.image.countPixels(darkerThan: 100), 2000, "text is drawn")

        // 1.5 → 1.25 while running (e.g. the window moved to another monitor).
        let count = session.commitCount
        session.compositor.exec { $0.fractionalScaleManager.preferredScale = 150 }
        state = try session.compositor.wait("a commit at scale 1.25") { _ in
            session.surface.commitCount > count ? session.surface.committed : nil
        }
        XCTAssertEqual(state.image.map { [$0.width, $0.height] }, [1000, 750])
        XCTAssertEqual(state.bufferScale, 1)
        XCTAssertEqual(state.viewportDestination, Size(width: 800, height: 600))

        // An odd logical size rounds half away from zero: 333 × 1.5 = 499.5 → 500.
        session.compositor.exec { $0.fractionalScaleManager.preferredScale = 180 }
        try session.runUntilIdle()
        state = try session.configure(width: 333, height: 401)
        XCTAssertEqual(state.image.map { [$0.width, $0.height] }, [500, 602], "round(499.5), round(601.5)")
        XCTAssertEqual(state.viewportDestination, Size(width: 333, height: 401))
    }
}
