import GlideDriver
import TestCompositor
import XCTest

/// Zooming a document: double tap, touchpad pinch and Ctrl+wheel, each about its point.
final class ZoomTests: GlideTestCase {
    /// Text zoom re-wraps by default (NewUserTests); `--zoom` asks for the engine's plain
    /// magnification, whose gestures these tests follow point by point.
    private let magnifying = ["--zoom", "0.75:4"]
    /// The content point (at zoom 1) shown at window point (x, y) in `frame`.
    private func contentPoint(_ frame: TraceFrame, x: Double, y: Double) -> (x: Double, y: Double) {
        ((frame.x + x) / frame.zoom, (frame.y + y) / frame.zoom)
    }

    func testADoubleTapZoomsInAboutTheTappedPointAndASecondZoomsBack() throws {
        let session = try start(arguments: magnifying)
        let before = try session.image
        try session.doubleTap(x: 300, y: 200)
        try session.runUntilIdle()
        let zoomed = try XCTUnwrap(try session.trace().last)
        XCTAssertEqual(zoomed.zoom, 2, accuracy: 1e-6, "a double tap zooms to 2×")
        let point = contentPoint(zoomed, x: 300, y: 200)
        XCTAssertEqual(point.x, 300, accuracy: 1, "the tapped point stays under the finger")
        XCTAssertEqual(point.y, 200, accuracy: 1)
        // The pixels: lines twice as far apart, the text twice as large.
        let pitch = before.commonLinePitch(), zoomedPitch = try session.image.commonLinePitch()
        XCTAssertEqual(Double(zoomedPitch) / Double(pitch), 2, accuracy: 0.1, "line pitch \(pitch) → \(zoomedPitch) px")

        try session.doubleTap(x: 300, y: 200)
        try session.runUntilIdle()
        let back = try XCTUnwrap(try session.trace().last)
        XCTAssertEqual(back.zoom, 1, accuracy: 1e-6, "a second double tap zooms back")
        XCTAssertEqual([back.x, back.y], [0, 0], "to where it was")
        XCTAssertEqual(try session.image, before, "the page as it was")
        print("double tap: zoom \(zoomed.zoom) at (\(zoomed.x), \(zoomed.y)), line pitch \(pitch) → \(zoomedPitch) px; back to \(back.zoom)")
    }

    func testATouchpadPinchZoomsAboutThePointer() throws {
        let session = try start(arguments: magnifying)
        try session.pointerEnter(x: 200, y: 150)
        let surface = session.surface
        try session.input { server, time in server.pointerGestures.sendPinchBegin(on: surface, time: time) }
        for scale in [1.2, 1.5] {
            try session.input { server, time in server.pointerGestures.sendPinchUpdate(dx: 0, dy: 0, scale: scale, time: time) }
        }
        let pinched = try session.traceOfShownFrame()
        XCTAssertEqual(pinched.zoom, 1.5, accuracy: 0.01, "the pinch's scale")
        let point = contentPoint(pinched, x: 200, y: 150)
        XCTAssertEqual(point.x, 200, accuracy: 1, "the point under the pointer stays under it")
        XCTAssertEqual(point.y, 150, accuracy: 1)
        try session.input { server, time in server.pointerGestures.sendPinchEnd(time: time) }
        try session.runUntilIdle()
        XCTAssertEqual(try XCTUnwrap(try session.trace().last).zoom, 1.5, accuracy: 0.01, "the zoom stays")
    }

    func testControlAndTheWheelZoomAboutThePointerAndBack() throws {
        let session = try start(arguments: magnifying)
        try session.pointerEnter(x: 200, y: 150)
        try session.press(.leftControl)
        try session.wheel(steps: -1)
        try session.runUntilIdle()
        let zoomed = try XCTUnwrap(try session.trace().last)
        XCTAssertGreaterThan(zoomed.zoom, 1.05, "Ctrl+wheel up zooms in")
        XCTAssertFalse(try session.trace().contains { $0.y > 0 && $0.zoom == 1 }, "and does not scroll")
        let point = contentPoint(zoomed, x: 200, y: 150)
        XCTAssertEqual(point.x, 200, accuracy: 1, "about the pointer")
        XCTAssertEqual(point.y, 150, accuracy: 1)

        try session.wheel(steps: 1)
        try session.press(.leftControl, isPressed: false)
        try session.runUntilIdle()
        let back = try XCTUnwrap(try session.trace().last)
        XCTAssertEqual(back.zoom, 1, accuracy: 1e-6, "Ctrl+wheel down zooms back")
        print("Ctrl+wheel: one notch zooms to \(zoomed.zoom)")
    }
}
