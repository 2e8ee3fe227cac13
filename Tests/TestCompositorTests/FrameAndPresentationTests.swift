import CWaylandClient
import CWaylandProtocols
import TestCompositor
import XCTest

/// Frame callbacks and presentation feedback carry the times the test chose.
final class FrameAndPresentationTests: CompositorTestCase {
    func testFramesCarryTheFrameClockTimesAndFeedbackTheChosenRefresh() throws {
        let probe = try ProbeClient(compositor: compositor)
        probe.record(wl_surface_frame(probe.surface))
        probe.record(wp_presentation_feedback(probe.presentation, probe.surface))
        wl_surface_commit(probe.surface)
        try probe.roundtrip()
        _ = probe.takeEvents()

        compositor.exec { server in
            server.frameClock.nextFrameTimeNanoseconds = 5_250_000_000
            server.frameClock.refreshNanoseconds = 8_333_333
            XCTAssertEqual(server.presentFrame(), 5250)
        }
        try probe.roundtrip()

        let received = probe.takeEvents().map(\.description)
        XCTAssertEqual(received.count, 3, "\(received)")
        XCTAssertEqual(received.first, "wl_callback.done 5250")
        XCTAssertTrue(received.contains { $0.hasPrefix("wp_presentation_feedback.sync_output wl_output@") })
        // tv_sec_hi, tv_sec_lo, tv_nsec, refresh, seq_hi, seq_lo, flags (vsync).
        XCTAssertEqual(received.last, "wp_presentation_feedback.presented 0 5 250000000 8333333 0 0 1")
        XCTAssertEqual(compositor.exec { $0.frameClock.nextFrameTimeMilliseconds }, 5258)
    }

    func testContentReplacedBeforeItWasPresentedIsDiscarded() throws {
        let probe = try ProbeClient(compositor: compositor)
        probe.record(wp_presentation_feedback(probe.presentation, probe.surface))
        wl_surface_commit(probe.surface)
        wl_surface_commit(probe.surface)
        try probe.roundtrip()

        XCTAssertTrue(probe.takeEvents().contains { $0.name == "wp_presentation_feedback.discarded" })
    }

    func testFramesPresentedAtARateStillHaveClockTimes() throws {
        let probe = try ProbeClient(compositor: compositor)
        compositor.exec { $0.startPresentingFrames(everyMilliseconds: 5) }
        var times: [String] = []
        for _ in 0..<3 {
            probe.record(wl_surface_frame(probe.surface))
            wl_surface_commit(probe.surface)
            while !probe.events.contains(where: { $0.name == "wl_callback.done" }) { try probe.roundtrip() }
            times += probe.takeEvents().filter { $0.name == "wl_callback.done" }.map { $0.arguments[0] }
        }
        compositor.exec { $0.stopPresentingFrames() }

        let milliseconds = times.compactMap(Int.init)
        XCTAssertEqual(milliseconds.count, 3)
        XCTAssertTrue(zip(milliseconds, milliseconds.dropFirst()).allSatisfy { ($1 - $0) % 16 <= 1 && $1 > $0 },
                      "times advance by whole 60 Hz refreshes: \(milliseconds)")
    }
}
