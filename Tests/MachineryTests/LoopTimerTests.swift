import Glibc
import Machinery
import XCTest

final class LoopTimerTests: XCTestCase {
    private func waitReadable(_ timer: LoopTimer, milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: timer.fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) == 1
    }

    func testAnArmedTimerWakesThePollOnceAfterItsDelay() {
        let timer = LoopTimer()
        XCTAssertGreaterThanOrEqual(timer.fileDescriptor, 0)
        XCTAssertNil(timer.takeExpiry(), "not armed")
        XCTAssertTrue(timer.arm(afterMilliseconds: 20))
        XCTAssertFalse(waitReadable(timer, milliseconds: 0), "not before its delay")
        XCTAssertTrue(waitReadable(timer, milliseconds: 1000))
        let elapsed = timer.takeExpiry()
        XCTAssertNotNil(elapsed)
        XCTAssertGreaterThanOrEqual(elapsed ?? 0, 19)
        XCTAssertFalse(waitReadable(timer, milliseconds: 60), "a one-shot timer fires once")
    }

    func testADisarmedTimerNeverFires() {
        let timer = LoopTimer()
        timer.arm(afterMilliseconds: 20)
        timer.disarm()
        XCTAssertFalse(waitReadable(timer, milliseconds: 80))
        XCTAssertEqual(timer.takeExpirations(), 0)
    }

    func testARepeatingTimerCountsEveryExpiry() {
        let timer = LoopTimer()
        timer.arm(afterMilliseconds: 10, everyMilliseconds: 10)
        usleep(65_000)
        XCTAssertGreaterThanOrEqual(timer.takeExpirations(), 4)
        timer.disarm()
    }
}
