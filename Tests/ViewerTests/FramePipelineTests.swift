import DocumentKit
import Render
import ScrollEngine
import Viewer
import XCTest

/// The frame pipeline: advance → layout → corrections → frame → render → damage, so the
/// frame each trace line describes is the frame its pixels show.
final class FramePipelineTests: XCTestCase {
    /// Scrolling up through a document whose estimated heights are far off: laying out the
    /// sections above corrects the offset. Each frame's traced offset must be where the
    /// content was drawn: a fresh renderer drawing the traced frame gives the same pixels.
    func testEveryTracedOffsetIsWhereItsFrameDrewTheContentEvenWhenLayoutCorrectedIt() {
        let layout = CorrectionCountingLayout(misestimatedLayout())
        let harness = ViewerHarness(layout: layout, width: 400, height: 300,
                                    position: (ReadingAnchor(section: 3, block: 0, fraction: 0), 1))
        let reference = FrameRenderer()
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: 400 * 300 * 4, alignment: 16)
        defer { pixels.deallocate() }
        var compared = 0, mismatches: [Double] = []
        harness.afterFrame = { frame in
            let buffer = PixelBuffer(pixels: pixels, width: 400, height: 300, stride: 1600, scale: 1)
            let drawn = reference.render(layout, frame: frame.traced, into: buffer, showing: nil)
            XCTAssertEqual(drawn.contentOffsetCorrection, 0, "the viewer left nothing to correct")
            compared += 1
            if !harness.sameBytes(as: buffer) { mismatches.append(frame.traced.contentOffset.y) }
        }
        let start = harness.frames.last!.traced.contentOffset.y
        XCTAssertGreaterThan(start, 1000, "opened well into the document")
        // Drag the content down (towards the top) a screen at a time until it is there.
        for _ in 0..<80 where harness.frames.last!.traced.contentOffset.y > 0 {
            harness.drag(from: LogicalPoint(x: 200, y: 40), to: LogicalPoint(x: 200, y: 280), steps: 4)
            harness.runUntilIdle()
        }
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.y, 0, "reached the top")
        XCTAssertFalse(layout.corrections.isEmpty, "layout corrected the offset on the way")
        XCTAssertGreaterThan(compared, 50)
        XCTAssertEqual(mismatches, [], "frames whose pixels are not at their traced offset")
    }

    /// Content that changes outside input (a page rendered, an image decoded) asks for a
    /// frame through `setNeedsFrame()`; drawing clears it.
    func testSetNeedsFrameAsksForAFrameAndDrawingClearsIt() {
        let harness = ViewerHarness(layout: longLayout())
        harness.runUntilIdle()
        XCTAssertFalse(harness.viewer.needsFrame)
        harness.viewer.setNeedsFrame()
        XCTAssertTrue(harness.viewer.needsFrame)
        harness.drawFrame()
        XCTAssertFalse(harness.viewer.needsFrame)
    }

    /// A frame at rest after a frame that was not asks to save the reading position, once.
    func testComingToRestAsksToSaveTheReadingPositionOnce() {
        let harness = ViewerHarness(layout: longLayout())
        harness.runUntilIdle()
        harness.drag(from: LogicalPoint(x: 400, y: 500), to: LogicalPoint(x: 400, y: 200))
        let settling = harness.runUntilIdle()
        XCTAssertEqual(settling.filter(\.savesReadingPosition).count, 1)
        XCTAssertTrue(settling.last!.savesReadingPosition)
        XCTAssertFalse(harness.drawFrame().savesReadingPosition)
        XCTAssertGreaterThan(harness.viewer.readingPosition.anchor.block + harness.viewer.readingPosition.anchor.section, 0)
    }

    /// A frame with nothing new damages nothing; a scrolled one damages the pane.
    func testDamageIsEmptyWhenNothingChanged() {
        let harness = ViewerHarness(layout: longLayout())
        harness.runUntilIdle()
        XCTAssertEqual(harness.drawFrame().damage, [])
        harness.send(.pointerMotion(LogicalPoint(x: 400, y: 300)),
                     .pointerAxis(source: .wheel, delta: LogicalPoint(x: 0, y: 30),
                                  value120: AxisPair(horizontal: 0, vertical: 120), modifiers: []))
        XCTAssertFalse(harness.runUntilIdle().allSatisfy(\.damage.isEmpty))
    }

    /// Issue 28: content whose layout leaves part of its margin for later (a flood of
    /// combining marks, laid out a few empty sections a frame) keeps frames coming, with no
    /// input to ask for them, until all of it is laid out.
    func testALayoutLeftForLaterKeepsFramesComingUntilItIsDone() {
        let layout = markFloodLayout()
        let harness = ViewerHarness(layout: layout)
        let estimatedHeight = layout.contentSize.height
        XCTAssertTrue(layout.hasPendingLayout, "the first frame laid out part of the marks' sections")
        XCTAssertTrue(harness.frames.last!.isAnimating, "so it asks for the next frame")
        let drawn = harness.runUntilIdle(maximumFrames: 200)
        XCTAssertFalse(layout.hasPendingLayout, "laid out within \(drawn.count) frames")
        XCTAssertGreaterThan(drawn.count, 1)
        XCTAssertLessThan(layout.contentSize.height, estimatedHeight, "the marks' estimates became their real, empty height")
    }
}
