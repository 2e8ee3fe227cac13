@testable import Accessibility
import CAtk
import Glibc
import XCTest

/// GLib's sources run from an outside poll: the descriptors and timeout it asks for, a poll
/// of our own, and the dispatch afterwards.
final class GLibMainContextPollTests: XCTestCase {
    nonisolated(unsafe) private static var firings = 0

    /// One turn of a loop like glide's, with no descriptors of its own.
    private func turn(_ context: GLibMainContextPoll, maximumWaitMilliseconds: Int32) -> (timeout: Int32, dispatched: Bool) {
        var (descriptors, timeout) = context.descriptorsForPoll()
        let wait = timeout < 0 ? maximumWaitMilliseconds : min(timeout, maximumWaitMilliseconds)
        _ = poll(&descriptors, nfds_t(descriptors.count), wait)
        return (timeout, context.pollReturned(descriptors[...]))
    }

    func testAReadySourceAsksForNoSleepAndRunsAfterThePoll() {
        let context = GLibMainContextPoll()
        GLibMainContextPollTests.firings = 0
        let source = g_idle_add({ _ in
            GLibMainContextPollTests.firings += 1
            return 0
        }, nil)
        defer { _ = g_source_remove(source) }
        // The idle source is ready at once: the loop must not sleep, then it runs once.
        let first = turn(context, maximumWaitMilliseconds: 1000)
        XCTAssertEqual(first.timeout, 0)
        XCTAssertTrue(first.dispatched)
        XCTAssertEqual(GLibMainContextPollTests.firings, 1)
        XCTAssertFalse(turn(context, maximumWaitMilliseconds: 10).dispatched)
        XCTAssertEqual(GLibMainContextPollTests.firings, 1)
    }

    func testATimerBoundsTheSleepAndFiresWhenDue() {
        let context = GLibMainContextPoll()
        GLibMainContextPollTests.firings = 0
        let source = g_timeout_add(40, { _ in
            GLibMainContextPollTests.firings += 1
            return 0
        }, nil)
        defer { _ = g_source_remove(source) }
        let first = turn(context, maximumWaitMilliseconds: 1000)
        XCTAssertTrue((1...40).contains(first.timeout), "timeout \(first.timeout)")
        var turns = 1
        while GLibMainContextPollTests.firings == 0 && turns < 100 {
            _ = turn(context, maximumWaitMilliseconds: 1000)
            turns += 1
        }
        XCTAssertEqual(GLibMainContextPollTests.firings, 1)
    }
}
