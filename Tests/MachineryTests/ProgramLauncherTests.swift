import Glibc
import Machinery
import XCTest

/// The one way Glide starts other programs (decoders, `xdg-open`, `gdbus`, `gsettings`).
final class ProgramLauncherTests: XCTestCase {
    func testOutputIsWhatTheProgramPrinted() {
        XCTAssertEqual(ProgramLauncher.output(of: ["printf", "%s\\n", "a b", "c"]), "a b\nc\n")
    }

    func testAProgramThatFailsHasNoOutput() {
        XCTAssertNil(ProgramLauncher.output(of: ["sh", "-c", "echo half; exit 3"]))
        XCTAssertEqual(ProgramLauncher.run(["sh", "-c", "exit 3"]), 3)
    }

    func testAProgramThatCannotStartIsStatus127() {
        XCTAssertEqual(ProgramLauncher.run(["glide-no-such-program"]), 127)
        XCTAssertNil(ProgramLauncher.start(["/nonexistent/program"]))
    }

    func testASignalEndsWithStatus128PlusTheSignal() {
        XCTAssertEqual(ProgramLauncher.run(["sh", "-c", "kill -TERM $$"]), 128 + SIGTERM)
    }

    func testTheGivenEnvironmentIsTheChildsWhole() {
        XCTAssertEqual(ProgramLauncher.output(of: ["/usr/bin/env"], environment: ["GLIDE_PROBE": "1 2"]), "GLIDE_PROBE=1 2\n")
    }

    /// A window Glide opens (`setsid --fork glide`) must not hold what Glide inherited without
    /// close-on-exec: a launcher that learns that Glide ended when such a descriptor closes (as
    /// Foundation's Process does) would wait for the new window too.
    func testADescriptorInheritedWithoutCloseOnExecIsNotPassedOn() {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { ends.forEach { close($0) } }
        let probe = "for fd in \(ends[0]) \(ends[1]); do [ -e /proc/self/fd/$fd ] && echo \"$fd open\"; done; echo checked"
        XCTAssertEqual(ProgramLauncher.output(of: ["sh", "-c", probe]), "checked\n")
    }

    func testArgumentsAreNeverReadByAShell() {
        XCTAssertEqual(ProgramLauncher.output(of: ["/bin/echo", "$(id); `id` * >x"]), "$(id); `id` * >x\n")
    }

    func testALongOutputIsCutAtTheLimitAndTheChildStillEnds() {
        let output = ProgramLauncher.output(of: ["head", "-c", "1000000", "/dev/zero"], limitBytes: 10)
        XCTAssertEqual(output?.utf8.count, 10)
    }

    func testTheChildStartsWithNoSignalsBlocked() {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let mask = ProgramLauncher.output(of: ["sh", "-c", "grep SigBlk /proc/self/status"])
        XCTAssertEqual(mask, "SigBlk:\t0000000000000000\n")
    }
}
