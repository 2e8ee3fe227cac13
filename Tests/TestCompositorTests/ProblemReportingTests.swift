import CWaylandClient
import CWaylandProtocols
import TestCompositor
import XCTest

/// Protocol errors, unknown ids and misdirected events become clear problems, not hangs.
final class ProblemReportingTests: CompositorTestCase {
    func testAProtocolErrorOfTheTestCompositorIsReportedWithTheObject() throws {
        let probe = try ProbeClient(compositor: compositor)
        let surfaceID = wl_proxy_get_id(probe.surface)

        wl_surface_set_buffer_scale(probe.surface, 0)
        XCTAssertThrowsError(try probe.roundtrip(), "the client is disconnected")

        let problems = compositor.exec { $0.takeProblems() }
        XCTAssertEqual(problems.map(\.kind), [.protocolError])
        XCTAssertTrue(problems.first?.message.hasSuffix("wl_surface@\(surfaceID): error 0: buffer scale 0 is not positive") == true,
                      problems.first?.message ?? "")
    }

    func testAnUnknownGlobalIsReportedAsLibwaylandFindsIt() throws {
        let probe = try ProbeClient(compositor: compositor)
        let registry = wl_display_get_registry(probe.display)

        _ = wl_registry_bind(registry, 9999, glide_wl_seat_interface(), 1)
        XCTAssertThrowsError(try probe.roundtrip())

        let problems = compositor.exec { $0.takeProblems() }
        XCTAssertEqual(problems.map(\.kind), [.protocolError])
        XCTAssertTrue(problems.first?.message.contains("invalid global") == true, problems.first?.message ?? "")
    }

    func testEventsToADestroyedSurfaceOrAPointThatIsNotDownAreReported() throws {
        let probe = try ProbeClient(compositor: compositor)
        let surface = try compositor.wait("the probe's surface") { $0.surfaces.first }
        wl_surface_destroy(probe.surface)
        try probe.roundtrip()

        let problems = compositor.exec { server in
            server.seat.touch.sendMotion(id: 3, x: 0, y: 0, time: 1000)
            server.seat.touch.sendDown(on: surface, id: 0, x: 0, y: 0, time: 1000)
            return server.takeProblems()
        }

        XCTAssertEqual(problems.map(\.kind), [.misdirectedEvent, .misdirectedEvent])
        XCTAssertEqual(problems.map(\.message), [
            "wl_touch.motion for touch point 3, which is not down",
            "wl_touch.down to wl_surface@\(surface.id), which the client destroyed",
        ])
    }
}
