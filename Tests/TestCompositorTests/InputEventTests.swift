import CWaylandClient
import TestCompositor
import XCTest

/// What a client receives when the test injects input: each event as libwayland-client
/// decodes it from the wire, for touch, pointer axes, gestures, keys and seat changes.
final class InputEventTests: CompositorTestCase {
    /// The compositor's surface for the probe's one surface.
    private func probeSurface() throws -> Surface {
        try compositor.wait("the probe's surface") { $0.surfaces.first }
    }

    /// The events the probe receives because of `action`, as text.
    private func events(of probe: ProbeClient, after action: (Server) -> Void) throws -> [String] {
        _ = probe.takeEvents()
        compositor.exec(action)
        try probe.roundtrip()
        return probe.takeEvents().map(\.description)
    }

    func testATouchSequenceArrivesPointByPointWithFramesAndCancel() throws {
        let probe = try ProbeClient(compositor: compositor)
        let surface = try probeSurface()

        let received = try events(of: probe) { server in
            let touch = server.seat.touch
            touch.sendDown(on: surface, id: 7, x: 10, y: 20.5, time: 1000)
            touch.sendFrame()
            touch.sendMotion(id: 7, x: 10, y: 50, time: 1008)
            touch.sendFrame()
            touch.sendUp(id: 7, time: 1016)
            touch.sendFrame()
            touch.sendDown(on: surface, id: 8, x: 1, y: 2, time: 2000)
            touch.sendCancel()
            XCTAssertEqual(touch.activePointIDs, [], "cancel ends every point")
        }

        let withoutSerials = received.map { $0.replacingOccurrences(of: #"^(wl_touch\.(down|up)) \d+"#, with: "$1 S", options: .regularExpression) }
        XCTAssertEqual(withoutSerials, [
            "wl_touch.down S 1000 wl_surface@\(surface.id) 7 10.0 20.5", "wl_touch.frame",
            "wl_touch.motion 1008 7 10.0 50.0", "wl_touch.frame",
            "wl_touch.up S 1016 7", "wl_touch.frame",
            "wl_touch.down S 2000 wl_surface@\(surface.id) 8 1.0 2.0", "wl_touch.cancel",
        ])
    }

    func testAWheelStepIsValue120ForVersion8AndDiscreteForVersion7() throws {
        let modern = try ProbeClient(compositor: compositor, seatVersion: 8)
        let surface = try probeSurface()
        compositor.exec { $0.seat.pointer.sendEnter(surface, x: 5, y: 5) }
        try modern.roundtrip()

        let received = try events(of: modern) { $0.seat.pointer.sendWheel(.vertical, steps: 2, time: 1000) }
        XCTAssertEqual(received, [
            "wl_pointer.axis_source 0", "wl_pointer.axis_value120 0 240", "wl_pointer.axis 1000 0 30.0", "wl_pointer.frame",
        ])

        let older = try ProbeClient(compositor: compositor, seatVersion: 7)
        let olderSurface = try compositor.wait("the second probe's surface") { $0.surfaces.last }
        compositor.exec { $0.seat.pointer.sendEnter(olderSurface, x: 5, y: 5) }
        try older.roundtrip()
        let olderReceived = try events(of: older) { $0.seat.pointer.sendWheel(.vertical, steps: -1, time: 1000) }
        XCTAssertEqual(olderReceived, [
            "wl_pointer.axis_source 0", "wl_pointer.axis_discrete 0 -1", "wl_pointer.axis 1000 0 -15.0", "wl_pointer.frame",
        ])
    }

    func testTouchpadScrollingEndsWithAxisStopOnBothAxes() throws {
        let probe = try ProbeClient(compositor: compositor)
        let surface = try probeSurface()
        compositor.exec { $0.seat.pointer.sendEnter(surface, x: 5, y: 5) }
        try probe.roundtrip()

        let received = try events(of: probe) { server in
            server.seat.pointer.sendFingerScroll(dx: 0, dy: 12.5, time: 1000)
            server.seat.pointer.sendFingerScrollStop(time: 1010)
        }

        XCTAssertEqual(received, [
            "wl_pointer.axis_source 1", "wl_pointer.axis 1000 0 12.5", "wl_pointer.frame",
            "wl_pointer.axis_source 1", "wl_pointer.axis_stop 1010 0", "wl_pointer.axis_stop 1010 1", "wl_pointer.frame",
        ])
    }

    func testPinchAndHoldGesturesArriveOnTheirObjects() throws {
        let probe = try ProbeClient(compositor: compositor)
        let surface = try probeSurface()

        let received = try events(of: probe) { server in
            let gestures = server.pointerGestures
            gestures.sendHoldBegin(on: surface, time: 900)
            gestures.sendHoldEnd(isCancelled: true, time: 950)
            gestures.sendPinchBegin(on: surface, time: 1000)
            gestures.sendPinchUpdate(dx: 1, dy: -2, scale: 1.5, time: 1010)
            gestures.sendPinchEnd(time: 1020)
        }

        let withoutSerials = received.map {
            $0.replacingOccurrences(of: #"^(\S+\.(begin|end)) \d+"#, with: "$1 S", options: .regularExpression)
        }
        XCTAssertEqual(withoutSerials, [
            "zwp_pointer_gesture_hold_v1.begin S 900 wl_surface@\(surface.id) 2",
            "zwp_pointer_gesture_hold_v1.end S 950 1",
            "zwp_pointer_gesture_pinch_v1.begin S 1000 wl_surface@\(surface.id) 2",
            "zwp_pointer_gesture_pinch_v1.update 1010 1.0 -2.0 1.5 0.0",
            "zwp_pointer_gesture_pinch_v1.end S 1020 0",
        ])
    }

    func testTheKeyboardHasARealKeymapAndSendsModifiersAfterKeys() throws {
        let probe = try ProbeClient(compositor: compositor)
        let keymap = try XCTUnwrap(probe.events.first { $0.name == "wl_keyboard.keymap" })
        XCTAssertEqual(keymap.arguments[0], "1", "format xkb_v1")
        XCTAssertGreaterThan(Int(keymap.arguments[2]) ?? 0, 10_000, "a compiled US keymap is tens of kB")
        XCTAssertTrue(probe.events.contains { $0.description == "wl_keyboard.repeat_info 25 600" })
        let surface = try probeSurface()

        let received = try events(of: probe) { server in
            server.seat.keyboard.sendEnter(surface)
            server.seat.keyboard.sendKey(.leftControl, isPressed: true, time: 1000)
        }

        let names = received.map { $0.split(separator: " ").first.map(String.init) ?? "" }
        XCTAssertEqual(names, ["wl_keyboard.enter", "wl_keyboard.modifiers", "wl_keyboard.key", "wl_keyboard.modifiers"])
        // After the Control press: depressed = Control (bit 2 of the us keymap's masks).
        XCTAssertTrue(received.last?.hasSuffix(" 4 0 0 0") == true, received.last ?? "")
    }

    func testCapabilityAndScaleChangesReachRunningClients() throws {
        let probe = try ProbeClient(compositor: compositor)

        let received = try events(of: probe) { server in
            server.seat.capabilities = [.touch]
            server.output.scale = 3
        }

        XCTAssertEqual(received, ["wl_seat.capabilities 4", "wl_output.scale 3", "wl_output.done"])
    }
}
