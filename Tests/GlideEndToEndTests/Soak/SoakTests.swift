import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// Random touch, touchpad, wheel, pinch, hold, key and scroll-bar input at 60 Hz frame times
/// against the real glide, from a fixed seed: glide keeps running, its memory and open
/// files stay put, and every frame it traces is finite.
///
/// The run lasts `GLIDE_SOAK_SECONDS` of wall time (`make soak`: 600), 25 s by default so
/// that `make test` runs it too. The frames are as fast as glide draws them, their times a
/// steady 60 Hz on the frame clock.
final class SoakTests: GlideTestCase {
    private static let defaultSeconds = 25.0
    private static let seed: UInt64 = 0x6C1D_E5EE_D000_0001

    func testRandomInputKeepsGlideRunningWithSteadyMemoryAndFilesAndFiniteFrames() throws {
        let seconds = ProcessInfo.processInfo.environment["GLIDE_SOAK_SECONDS"].flatMap(Double.init) ?? Self.defaultSeconds
        // The baseline is taken once glide's caches are full: tiles over the whole document
        // (the tile cache holds 48 MB), text at many zooms (pango keeps the fonts of its 256
        // latest sizes), then a spell of random input.
        let warmUpSeconds = max(10, seconds / 10)
        // Magnifying zoom (`--zoom`), so the sweeps reach the engine's limits.
        let session = try start(arguments: ["--zoom", "0.75:4"])
        try fillCaches(session)
        let pid = session.client.processIdentifier
        var random = SeededRandom(seed: Self.seed)
        var played: [RandomInput: Int] = [:]
        // Resident memory wanders by tens of MB as the full caches evict and refill, so the
        // end is compared with the highest value of the warm-up, read after every gesture.
        var warmUpPeakKilobytes = 0, peakKilobytes = 0
        var baseline: (kilobytes: Int, descriptors: Int)?

        let started = ContinuousClock.now
        func elapsedSeconds() -> Double { (ContinuousClock.now - started) / .seconds(1) }
        while elapsedSeconds() < seconds {
            let input = RandomInput.allCases.randomElement(using: &random)!
            try input.play(on: session, width: 800, height: 600, random: &random)
            played[input, default: 0] += 1
            // Sometimes the next gesture interrupts an animation, sometimes glide comes to rest.
            if Int.random(in: 0..<4, using: &random) == 0 {
                try session.runUntilIdle()
            } else {
                for _ in 0..<Int.random(in: 0...20, using: &random) { try session.presentFrame() }
            }
            XCTAssertTrue(session.client.isRunning, "glide ended after \(input): \(session.client.standardError)")
            guard session.client.isRunning else { return }
            let kilobytes = try ProcessStatistics.residentKilobytes(of: pid)
            peakKilobytes = max(peakKilobytes, kilobytes)
            if baseline == nil {
                warmUpPeakKilobytes = peakKilobytes
                if elapsedSeconds() >= warmUpSeconds {
                    try session.runUntilIdle()
                    baseline = (try ProcessStatistics.residentKilobytes(of: pid), try ProcessStatistics.openFileDescriptorCount(of: pid))
                }
            }
        }
        try session.runUntilIdle()
        let end = (kilobytes: try ProcessStatistics.residentKilobytes(of: pid),
                   descriptors: try ProcessStatistics.openFileDescriptorCount(of: pid))
        let start = try XCTUnwrap(baseline, "the run ended before the warm-up did")

        let trace = try session.trace()
        let notFinite = trace.filter { frame in ![frame.t, frame.x, frame.y, frame.zoom, frame.vIndicator, frame.hIndicator].allSatisfy(\.isFinite) }
        XCTAssertEqual(notFinite.count, 0, "frames with values that are not finite: \(notFinite.prefix(3))")
        XCTAssertTrue(trace.allSatisfy { $0.zoom > 0 }, "a zoom scale is positive")
        XCTAssertLessThanOrEqual(end.kilobytes - warmUpPeakKilobytes, Self.residentGrowthBoundKilobytes,
                                 "glide's memory grows: at most \(warmUpPeakKilobytes) kB in the warm-up, \(end.kilobytes) kB at the end")
        XCTAssertLessThanOrEqual(end.descriptors, start.descriptors, "glide's open files grow")
        XCTAssertEqual(try session.close(), 0)

        let inputs = played.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print(String(format: "soak: %.0f s, seed %llx: %d gestures (%@), %d frames; RSS %d kB at rest after the %.0f s "
                     + "warm-up (its peak %d kB) → %d kB at rest at the end (the run's peak %d kB); fds %d → %d",
                     seconds, Self.seed, played.values.reduce(0, +), inputs, trace.count, start.kilobytes, warmUpSeconds,
                     warmUpPeakKilobytes, end.kilobytes, peakKilobytes, start.descriptors, end.descriptors))
    }

    /// How far glide's resident memory at the end may exceed the warm-up's peak, in kB: the
    /// allocator's slack as the full caches evict and draw, not a cache filling or a leak.
    private static let residentGrowthBoundKilobytes = 16 * 1024

    /// Fills glide's caches: the whole document drawn at zooms from 1 to 4 (Ctrl+= steps),
    /// swept top to bottom with the scroll bar's thumb, one frame per 20 px of thumb; then
    /// text drawn at 400 zooms, each left by a touchpad pinch (each zoom's fonts are cached
    /// apart, up to pango's 256 latest sizes).
    private func fillCaches(_ session: GlideSession) throws {
        for zoomStep in 0..<9 {
            if zoomStep > 0 {
                try session.type(.equal, with: [.leftControl])
                try session.runUntilIdle()
            }
            try session.type(.home)
            try session.runUntilIdle()
            try session.pointerEnter(x: 795, y: 6)
            try session.leftButton(isPressed: true)
            for y in stride(from: 26.0, through: 600, by: 20) { try session.pointerMotion(x: 795, y: y) }
            try session.leftButton(isPressed: false)
            try session.runUntilIdle()
        }
        XCTAssertEqual(try XCTUnwrap(try session.trace().last).zoom, 4, accuracy: 0.01, "the sweeps reached the largest zoom")
        try session.type(.digit0, with: [.leftControl])
        try session.runUntilIdle()

        try session.pointerEnter(x: 400, y: 300)
        var zoom = 1.0
        for step in 1...400 {
            // Zooms spread over 1…3.9 without repeating (the golden ratio's multiples mod 1).
            let target = 1 + 2.9 * (Double(step) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1)
            try session.pinch(scales: [target / zoom])
            try session.presentFrame()
            zoom = target
        }
        try session.runUntilIdle()
        // (wl_fixed scales are 1/256 steps, so the zooms reached drift from the targets.)
        XCTAssertGreaterThan(Set(try session.trace().map(\.zoom)).count, 400, "the pinches left many zooms")
    }
}
