import Foundation
import TestSupport
import XCTest

/// The faults of issue 14's corpus that need a compositor of their own (they kill or stop it),
/// all mid-fling, through the release binary: the compositor killed or stopped, and SIGTERM,
/// SIGINT or SIGHUP. Each checks the exit status and the message.
final class BadInputFaultTests: XCTestCase {
    private struct Flinging {
        let sway: HeadlessSway
        let glide: ChildProcess
        let pointer: VirtualPointer
    }

    /// Glide on a long document in a new sway, in the middle of a touchpad fling.
    private func startFling() throws -> Flinging {
        let sway = try HeadlessSway()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let document = directory.appendingPathComponent("long.md").path
        let paragraph = String(repeating: "A fling that is cut short by a fault. ", count: 12)
        try (0..<200).map { "## Section \($0)\n\n\(paragraph)\n" }.joined(separator: "\n")
            .write(toFile: document, atomically: true, encoding: .utf8)
        let glide = try sway.startGlide([document], binary: BuiltProducts.releasePath(of: "glide"))
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        // Two fingers at about 3000 px/s, then lifted: a fling of a second or more.
        try pointer.flick(step: 50, frames: 8)
        usleep(100_000)
        return Flinging(sway: sway, glide: glide, pointer: pointer)
    }

    func testTheCompositorKilledMidFlingEndsGlideWithOneLineAndStatus1() throws {
        let run = try startFling()
        run.sway.send(SIGKILL)
        XCTAssertEqual(run.glide.waitForExit(seconds: 10), 1)
        let message = run.glide.standardError
        XCTAssertTrue(message.hasPrefix("glide: "), message)
        XCTAssertEqual(message.filter { $0 == "\n" }.count, 1, "one line: \(message)")
    }

    func testTheCompositorStoppedMidFlingAndResumedLeavesGlideWorking() throws {
        let run = try startFling()
        run.sway.send(SIGSTOP)
        sleep(2)
        run.sway.send(SIGCONT)
        usleep(500_000)
        XCTAssertTrue(run.glide.process.isRunning, run.glide.standardError)
        try run.pointer.send("finger 0 20")
        run.glide.process.terminate()
        XCTAssertEqual(run.glide.waitForExit(seconds: 10), 0)
        XCTAssertEqual(run.glide.standardError, "")
    }

    func testSIGTERMSIGINTAndSIGHUPMidFlingExitCleanly() throws {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            let run = try startFling()
            kill(run.glide.process.processIdentifier, signal)
            XCTAssertEqual(run.glide.waitForExit(seconds: 10), 0, "signal \(signal)")
            XCTAssertEqual(run.glide.standardError, "", "signal \(signal)")
        }
    }
}
