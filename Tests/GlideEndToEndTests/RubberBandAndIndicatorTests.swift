import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// Overdrag at the top: the rubber band, the bounce back, and the scroll indicator's
/// pixels through the fade, with time from the frame clock.
final class RubberBandAndIndicatorTests: GlideTestCase {
    /// The engine's rubber band: a finger `overdrag` px past the edge shows the content
    /// (1 − 1/(x·c/d + 1))·d past it, c = 0.55, d the viewport's height (ScrollPhysics.RubberBand).
    private func rubberBand(_ overdrag: Double, dimension: Double) -> Double {
        (1 - 1 / (overdrag * 0.55 / dimension + 1)) * dimension
    }

    func testOverdragAtTheTopFollowsTheRubberBandAndBouncesBackWhileTheIndicatorShowsThenFades() throws {
        let session = try start()
        let height = 600.0
        let slop = 10.0

        // The finger pulls down 250 px from the top of the document, in 5 frames.
        try session.down(x: 400, y: 150)
        var dragImages: [SurfaceImage] = []
        for step in 1...5 {
            try session.move(x: 400, y: 150 + 50 * Double(step))
            dragImages.append(try session.image)
        }
        let trace = try session.trace()
        let dragging = trace.filter { $0.phase == "dragging" }
        XCTAssertEqual(dragging.count, 5)
        var figures: [String] = []
        for (step, frame) in dragging.enumerated() {
            let finger = 50.0 * Double(step + 1)
            let expected = -rubberBand(finger - slop, dimension: height)
            XCTAssertEqual(frame.y, expected, accuracy: 0.002, "finger \(finger) px down")
            XCTAssertLessThan(frame.y, 0, "the content is pulled past the top")
            XCTAssertLessThan(-frame.y, finger - slop, "the content follows less than the finger")
            figures.append("finger \(Int(finger)) px → content \(String(format: "%.3f", -frame.y)) px")
            XCTAssertEqual(frame.vIndicator, 1, "the indicator shows while dragging")
        }
        print("rubber band (d = 600 px, c = 0.55): " + figures.joined(separator: "; "))

        // The pixels show it: the page's first line has moved down by the band, and the
        // indicator's strip at the right edge is drawn.
        let first = try XCTUnwrap(dragImages.first), last = try XCTUnwrap(dragImages.last)
        let (shift, matching) = last.verticalShift(from: first, in: -300...0)
        XCTAssertEqual(Double(shift), (dragging[0].y - dragging[4].y).rounded() * -1, accuracy: 1)
        XCTAssertGreaterThan(matching, 0.8)
        for image in dragImages {
            XCTAssertGreaterThan(image.indicatorPixelCount(), 8 * 2, "the indicator is drawn while dragging")
        }

        // The finger rests for 4 frames (no fling) and lifts: the content springs back to 0;
        // the indicator stays 1.2 s after the motion ends, then fades over 0.25 s.
        for _ in 0..<4 { try session.presentFrame() }
        try session.up()
        var samples: [(time: UInt32, darkest: Double, pixels: Int, frame: Int)] = []
        try session.runUntilIdle { time, state in
            guard let image = state?.image else { return }
            samples.append((time, image.indicatorDarkestLuminance(), image.indicatorPixelCount(), session.frameCount))
        }
        let all = try session.trace()
        let bounce = all.drop { $0.phase != "bouncing" }
        XCTAssertFalse(bounce.isEmpty, "the content bounces back")
        XCTAssertTrue(bounce.allSatisfy { $0.y <= 0.0005 }, "it never passes the edge")
        let end = try XCTUnwrap(all.last)
        XCTAssertEqual(end.y, 0, "back at the top")
        XCTAssertEqual(end.phase, "idle")
        XCTAssertEqual(end.vIndicator, 0)

        // Fade timing, from the trace: fully shown until 1200 ms after the last movement.
        let lastMoving = try XCTUnwrap(Array(zip(all, all.dropFirst())).last { $0.y != $1.y }?.1)
        let fading = all.filter { $0.vIndicator > 0 && $0.vIndicator < 1 }
        XCTAssertFalse(fading.isEmpty, "frames fade the indicator")
        let fadeStart = try XCTUnwrap(fading.first).t - lastMoving.t
        let fadeEnd = try XCTUnwrap(all.first { $0.t > lastMoving.t && $0.vIndicator == 0 }).t - lastMoving.t
        XCTAssertGreaterThan(fadeStart, 1200, "the fade starts after the 1.2 s delay")
        XCTAssertLessThanOrEqual(fadeStart, 1200 + 17, "and a frame after it at most")
        XCTAssertGreaterThanOrEqual(fadeEnd, 1200 + 250, "the fade lasts 0.25 s")
        XCTAssertLessThanOrEqual(fadeEnd, 1200 + 250 + 17)
        print("indicator: fade starts \(fadeStart) ms and ends \(fadeEnd) ms after the last movement")

        // Fade pixels: each frame's darkest indicator pixel is the page under black at
        // 35 % × the traced opacity, and nothing of it is left at the end.
        let page = 0.299 * 251 + 0.587 * 250 + 0.114 * 247
        for sample in samples {
            let opacity = all[sample.frame - 1].vIndicator
            XCTAssertEqual(sample.darkest, opacity == 0 ? page : page * (1 - 0.35 * opacity), accuracy: 3,
                           "frame at \(sample.time) ms, opacity \(opacity)")
        }
        XCTAssertEqual(samples.last?.pixels, 0, "the indicator faded to nothing")
        XCTAssertEqual(try session.image.indicatorPixelCount(), 0)
    }
}
