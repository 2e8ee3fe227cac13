import CWaylandClient
import CWaylandProtocols
import TestCompositor
import XCTest

/// The optional globals a configuration offers, and how they behave: xdg-decoration,
/// fractional scale; frames presented on commit; resource counts.
final class OptionalGlobalsTests: CompositorTestCase {
    private func announcedInterfaces(_ probe: ProbeClient) -> Set<String> {
        Set(probe.events.filter { $0.name == "wl_registry.global" }.map { $0.arguments[1] })
    }

    func testEachConfigurationOffersItsGlobals() throws {
        let swayLike = announcedInterfaces(try ProbeClient(compositor: compositor))
        XCTAssertTrue(swayLike.isSuperset(of: ["zxdg_decoration_manager_v1", "wp_viewporter", "wp_presentation",
                                               "zwp_pointer_gestures_v1"]), "\(swayLike)")
        XCTAssertFalse(swayLike.contains("wp_fractional_scale_manager_v1"), "no Debian 12 compositor offers it")

        try restartCompositor(configuration: Configuration(optionalGlobals: .mutterLike))
        let mutterLike = announcedInterfaces(try ProbeClient(compositor: compositor))
        XCTAssertFalse(mutterLike.contains("zxdg_decoration_manager_v1"))
        XCTAssertTrue(mutterLike.contains("wp_presentation"))

        try restartCompositor(configuration: Configuration(optionalGlobals: []))
        let bare = announcedInterfaces(try ProbeClient(compositor: compositor, bindsOptionalGlobals: false))
        XCTAssertEqual(bare.intersection(["zxdg_decoration_manager_v1", "wp_fractional_scale_manager_v1", "wp_viewporter",
                                          "wp_presentation", "zwp_pointer_gestures_v1"]), [])
    }

    func testAFractionalScaleObjectGetsThePreferredScaleAndItsChanges() throws {
        try restartCompositor(configuration: Configuration(optionalGlobals: .all, preferredFractionalScale: 180))
        let probe = try ProbeClient(compositor: compositor)
        let manager = probe.bind("wp_fractional_scale_manager_v1", glide_wp_fractional_scale_manager_v1_interface(), version: 1)
        _ = probe.takeEvents()
        probe.record(wp_fractional_scale_manager_v1_get_fractional_scale(manager, probe.surface))
        try probe.roundtrip()
        XCTAssertEqual(probe.takeEvents().map(\.description), ["wp_fractional_scale_v1.preferred_scale 180"])

        compositor.exec { $0.fractionalScaleManager.preferredScale = 150 }
        try probe.roundtrip()
        XCTAssertEqual(probe.takeEvents().map(\.description), ["wp_fractional_scale_v1.preferred_scale 150"])

        // A second object for the same surface is a protocol error.
        _ = wp_fractional_scale_manager_v1_get_fractional_scale(manager, probe.surface)
        XCTAssertThrowsError(try probe.roundtrip())
        let problems = compositor.exec { $0.takeProblems() }
        XCTAssertTrue(problems.first?.message.contains("already has a wp_fractional_scale_v1") == true, "\(problems)")
    }

    func testADecorationIsConfiguredInTheCompositorsModeWithTheToplevelsConfigure() throws {
        let probe = try ProbeClient(compositor: compositor)
        let shell = probe.bind("xdg_wm_base", glide_xdg_wm_base_interface(), version: 5)
        let manager = probe.bind("zxdg_decoration_manager_v1", glide_zxdg_decoration_manager_v1_interface(), version: 1)
        _ = probe.takeEvents()
        let xdgSurface = probe.record(xdg_wm_base_get_xdg_surface(shell, probe.surface))
        let toplevel = probe.record(xdg_surface_get_toplevel(xdgSurface))
        let decoration = probe.record(zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel))
        zxdg_toplevel_decoration_v1_set_mode(decoration, UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE.rawValue))
        try probe.roundtrip()
        XCTAssertEqual(probe.takeEvents().map(\.name), [], "nothing before the initial commit")

        wl_surface_commit(probe.surface)
        try probe.roundtrip()
        XCTAssertEqual(probe.takeEvents().map(\.name),
                       ["zxdg_toplevel_decoration_v1.configure", "xdg_toplevel.configure", "xdg_surface.configure"])
        let (requested, configured, hasObject) = compositor.exec { server in
            let window = server.toplevels[0]
            return (window.requestedDecorationMode, window.configuredDecorationMode, window.hasDecorationObject)
        }
        XCTAssertEqual(requested, .clientSide, "what the client asked for")
        XCTAssertEqual(configured, .serverSide, "what the compositor (like Sway) decided")
        XCTAssertTrue(hasObject)

        // A later request is answered at once, with a whole configure sequence.
        zxdg_toplevel_decoration_v1_unset_mode(decoration)
        try probe.roundtrip()
        let answer = probe.takeEvents()
        XCTAssertEqual(answer.first?.description, "zxdg_toplevel_decoration_v1.configure 2")
        XCTAssertEqual(answer.last?.name, "xdg_surface.configure")

        // A second decoration for the toplevel is a protocol error.
        _ = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
        XCTAssertThrowsError(try probe.roundtrip())
        let problems = compositor.exec { $0.takeProblems() }
        XCTAssertTrue(problems.first?.message.contains("already has a decoration object") == true, "\(problems)")
    }

    func testWithPresentsFramesOnCommitAFrameCallbackIsAnsweredWithoutTheTest() throws {
        let probe = try ProbeClient(compositor: compositor)
        compositor.exec { $0.presentsFramesOnCommit = true }
        probe.record(wl_surface_frame(probe.surface))
        wl_surface_commit(probe.surface)
        while !probe.events.contains(where: { $0.name == "wl_callback.done" }) { try probe.roundtrip() }
        XCTAssertEqual(probe.takeEvents().filter { $0.name == "wl_callback.done" }.map(\.description), ["wl_callback.done 1000"])
        XCTAssertEqual(compositor.exec { $0.frameClock.frameCount }, 1)
    }

    func testResourcesAreCountedAsMadeAndAsLive() throws {
        let probe = try ProbeClient(compositor: compositor)
        let wlCompositor = probe.bind("wl_compositor", glide_wl_compositor_interface(), version: 5)
        let surfaces = (0..<3).map { _ in wl_compositor_create_surface(wlCompositor) }
        try probe.roundtrip()
        wl_surface_destroy(surfaces[0])
        try probe.roundtrip()
        compositor.exec { server in
            XCTAssertEqual(server.createdResourceCount(of: "wl_surface"), 4, "the probe's own and three more")
            XCTAssertEqual(server.liveResourceCount(of: "wl_surface"), 3)
        }
    }
}
