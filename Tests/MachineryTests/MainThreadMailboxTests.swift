import Dispatch
import Glibc
import Machinery
import XCTest

final class MainThreadMailboxTests: XCTestCase {
    func testWorkerResultsWakeThePollAndRunInOrderOnTheCallingThread() {
        let mailbox = MainThreadMailbox()
        var descriptor = pollfd(fd: mailbox.fileDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&descriptor, 1, 0), 0, "nothing posted yet")

        let order = OrderLog()
        let posted = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for number in 1...3 { mailbox.post { order.append(number) } }
            posted.signal()
        }
        posted.wait()
        XCTAssertEqual(poll(&descriptor, 1, 1000), 1, "a post wakes the loop")
        XCTAssertTrue(order.numbers.isEmpty, "nothing runs before the loop asks")
        XCTAssertEqual(mailbox.deliverPending(), 3)
        XCTAssertEqual(order.numbers, [1, 2, 3])
        descriptor.revents = 0
        XCTAssertEqual(poll(&descriptor, 1, 0), 0, "drained")
        XCTAssertEqual(mailbox.deliverPending(), 0)
    }
}

/// Deliveries run on the test's thread; the lock only satisfies the compiler's Sendable check.
private final class OrderLog: @unchecked Sendable {
    private(set) var numbers: [Int] = []
    func append(_ number: Int) { numbers.append(number) }
}
