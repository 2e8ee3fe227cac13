import Dispatch
import Glibc
import Machinery
import Synchronization
import XCTest

final class WorkQueueTests: XCTestCase {
    /// A job that holds the queue's one thread until the test opens the gate, so what is
    /// queued behind it waits and its order can be seen.
    private func blockQueue(_ queue: WorkQueue) -> Gate {
        let gate = Gate()
        queue.submit(priority: .immediate) { _ in gate.wait() }
        gate.waitUntilEntered()
        return gate
    }

    func testJobsRunByPriorityThenInTheOrderTheyCame() {
        let queue = WorkQueue(name: "test")
        let gate = blockQueue(queue)
        let log = Log()
        queue.submit(priority: .background) { _ in log.append("background 1") }
        queue.submit(priority: .visible) { _ in log.append("visible 1") }
        queue.submit(priority: .nearby) { _ in log.append("nearby") }
        queue.submit(priority: .visible) { _ in log.append("visible 2") }
        queue.submit(priority: .background) { _ in log.append("background 2") }
        gate.open()
        queue.stopAfterDraining()
        XCTAssertEqual(log.entries, ["visible 1", "visible 2", "nearby", "background 1", "background 2"])
    }

    func testReplacingAGroupDropsWhatItNoLongerWants() {
        let queue = WorkQueue(name: "test")
        let gate = blockQueue(queue)
        let log = Log()
        let old = queue.replacePending(inGroup: 1, with: [{ _ in log.append("old a") }, { _ in log.append("old b") }])
        queue.submit(group: 2) { _ in log.append("other group") }
        let new = queue.replacePending(inGroup: 1, with: [{ _ in log.append("new") }])
        XCTAssertTrue(old.allSatisfy(\.isCancelled), "the replaced jobs' tickets say so")
        XCTAssertFalse(new[0].isCancelled)
        gate.open()
        queue.stopAfterDraining()
        XCTAssertEqual(log.entries, ["other group", "new"])
    }

    func testPastItsCapacityTheLeastUrgentOldestJobIsDropped() {
        let queue = WorkQueue(name: "test", capacity: 3)
        let gate = blockQueue(queue)
        let log = Log()
        let first = queue.submit(priority: .background) { _ in log.append("background 1") }
        queue.submit(priority: .background) { _ in log.append("background 2") }
        queue.submit(priority: .visible) { _ in log.append("visible") }
        queue.submit(priority: .nearby) { _ in log.append("nearby") }
        XCTAssertTrue(first.isCancelled)
        XCTAssertEqual(queue.pendingCount, 3)
        gate.open()
        queue.waitUntilCompleted(4)
        XCTAssertEqual(log.entries, ["visible", "nearby", "background 2"])
    }

    func testACancelledJobNeverRunsAndARunningOneSeesItsCancellation() {
        let queue = WorkQueue(name: "test")
        let gate = blockQueue(queue)
        let log = Log()
        queue.submit { _ in log.append("cancelled before it started") }.cancel()
        let sawCancellation = Gate()
        let running = queue.submit { ticket in
            sawCancellation.enter()
            while !ticket.isCancelled { usleep(1000) }
            log.append("stopped at its cancellation")
        }
        gate.open()
        sawCancellation.waitUntilEntered()
        running.cancel()
        queue.stopAfterDraining()
        XCTAssertEqual(log.entries, ["stopped at its cancellation"])
    }

    func testStopWaitsForTheRunningJobAndDropsTheRest() {
        let queue = WorkQueue(name: "test")
        let log = Log()
        let started = Gate()
        queue.submit { _ in
            started.enter()
            usleep(50_000)
            log.append("finished")
        }
        let waiting = queue.submit { _ in log.append("never") }
        started.waitUntilEntered()
        queue.stop()
        XCTAssertEqual(log.entries, ["finished"], "stop returns only once the running job has ended")
        XCTAssertTrue(waiting.isCancelled)
        XCTAssertTrue(queue.submit { _ in log.append("after stop") }.isCancelled)
        usleep(20_000)
        XCTAssertEqual(log.entries, ["finished"])
    }

    /// A job stuck inside a library (poppler drawing a page that never ends) must not hold up
    /// a quit: stop gives up waiting, leaves the job running detached and counts it, so the
    /// process ends without its exit handlers (issue 28: three pdf.js files kept Glide alive
    /// past SIGTERM, its loop joining the render thread).
    func testStopLeavesAJobThatDoesNotEndRunningAndCountsIt() {
        let queue = WorkQueue(name: "test")
        let stuck = Gate(), finished = Gate()
        queue.submit { _ in
            stuck.wait()
            finished.enter()
        }
        stuck.waitUntilEntered()
        let abandonedBefore = WorkQueue.abandonedThreadCount
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue(label: "stopping").async {
            queue.stop()
            stopped.signal()
        }
        // Not a timing budget: a stop that waits for the job never returns until the gate opens.
        let returned = stopped.wait(timeout: .now() + 10) == .success
        XCTAssertTrue(returned, "stop returned while the job still ran")
        XCTAssertEqual(WorkQueue.abandonedThreadCount, abandonedBefore + (returned ? 1 : 0), "the job left running is counted")
        stuck.open()
        finished.waitUntilEntered()
        if !returned { stopped.wait() }
    }

    func testSeveralThreadsRunJobsAtOnce() {
        let queue = WorkQueue(name: "test", threadCount: 3)
        let together = Atomic<Int>(0), most = Atomic<Int>(0)
        for _ in 0..<6 {
            queue.submit { _ in
                let now = together.add(1, ordering: .relaxed).newValue
                _ = most.max(now, ordering: .relaxed)
                usleep(30_000)
                together.subtract(1, ordering: .relaxed)
            }
        }
        queue.waitUntilCompleted(6)
        XCTAssertEqual(most.load(ordering: .relaxed), 3)
    }

    func testABackgroundQueuesWorkerRunsFiveNiceLevelsBelowTheThreadThatStartedItAndOthersAtItsLevel() {
        // getpriority(PRIO_PROCESS, 0) is the calling thread's nice value on Linux.
        @Sendable func niceValue() -> Int32 { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        let loop = niceValue()
        for (isBackground, expected) in [(true, min(loop + 5, 19)), (false, loop)] {
            let queue = WorkQueue(name: "test-nice", isBackground: isBackground)
            let worker = Atomic<Int32>(.min)
            queue.submit { _ in worker.store(niceValue(), ordering: .relaxed) }
            queue.waitUntilCompleted(1)
            XCTAssertEqual(worker.load(ordering: .relaxed), expected, isBackground ? "background" : "at the loop's level")
        }
    }

    func testAQueueLetGoOfEndsItsThreads() {
        // Threads are counted by the queue's name: other tests' queues may start or end
        // threads of their own meanwhile.
        do {
            let queue = WorkQueue(name: "test-let-go", threadCount: 2)
            let done = Gate()
            queue.submit { _ in done.enter() }
            done.waitUntilEntered()
            XCTAssertGreaterThanOrEqual(threadCount(named: "test-let-go"), 1)
        }
        XCTAssertEqual(threadCount(named: "test-let-go"), 0)
    }

    func testAPromiseKeepsItsResultForWhoeverAsks() {
        let queue = WorkQueue(name: "test")
        let gate = blockQueue(queue)
        let promise = queue.promise { 42 }
        XCTAssertNil(promise.value, "not run yet")
        let told = Log()
        promise.whenDone { told.append("told \($0)") }
        gate.open()
        XCTAssertEqual(promise.wait(), 42)
        XCTAssertEqual(promise.value, 42)
        // The waiting handler runs on the job's thread once the value is kept.
        while told.entries.isEmpty { usleep(1000) }
        promise.whenDone { told.append("at once \($0)") }
        XCTAssertEqual(told.entries, ["told 42", "at once 42"])
    }

    private func threadCount(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            return comm.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }.count
    }
}

extension WorkQueue {
    /// Waits until `count` jobs have run to their end.
    func waitUntilCompleted(_ count: Int) {
        while completedJobCount < count { usleep(1000) }
    }

    /// Runs everything queued so far, then stops.
    func stopAfterDraining() {
        let drained = Gate()
        submit(priority: .background) { _ in drained.enter() }
        drained.waitUntilEntered()
        stop()
    }

    /// Stops the queue once it has given memory back after its jobs, or after `idleMilliseconds`
    /// and a margin when it never does (a queue that keeps its memory); a job is not the
    /// queue's last until the queue is idle, so the drain is waited for first.
    func stopAfterIdle(_ idleMilliseconds: Int) {
        let drained = Gate()
        submit(priority: .background) { _ in drained.enter() }
        drained.waitUntilEntered()
        for _ in 0..<(idleMilliseconds * 20) where memoryReleaseCount == 0 { usleep(1000) }
        stop()
    }
}

extension WorkQueueTests {
    /// How much anonymous memory (MB) leaves the process between a job's peak and the queue's
    /// end. The job fills 48 MB of blocks each below glibc's mmap threshold (128 KB), so they
    /// come from the thread's arena, and frees all but the highest, so the arena's top stays
    /// in use and glibc cannot give the rest back on its own.
    private func memoryGivenBackAfterFreeing(on queue: WorkQueue) -> Double {
        let job = Mutex((peakKilobytes: 0, kept: 0))  // the kept block's address
        queue.submit { _ in
            let blocks = (0..<480).map { _ in malloc(100_000)! }
            for block in blocks { memset(block, 1, 100_000) }
            let peak = WorkQueueTests.anonymousResidentKilobytes()
            for block in blocks.dropLast() { free(block) }
            job.withLock { $0 = (peak, Int(bitPattern: blocks.last)) }
        }
        queue.stopAfterIdle(20)
        let (peak, kept) = job.withLock { $0 }
        let givenBack = Double(peak - WorkQueueTests.anonymousResidentKilobytes()) / 1024
        free(UnsafeMutableRawPointer(bitPattern: kept))
        return givenBack
    }

    func testAQueueThatReleasesMemoryGivesBackWhatItsJobsFreed() {
        let kept = memoryGivenBackAfterFreeing(on: WorkQueue(name: "test-keeps"))
        let released = memoryGivenBackAfterFreeing(on: WorkQueue(name: "test-releases", releasesMemoryAfterIdleMilliseconds: 20))
        XCTAssertLessThan(kept, 16, "glibc keeps freed arena memory resident (MB given back); else this test shows nothing")
        XCTAssertGreaterThan(released, 32, "MB given back once the queue drained")
    }

    /// `RssAnon` of /proc/self/status in kB.
    private static func anonymousResidentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

/// Entries appended from a queue's threads, read by the test.
final class Log: Sendable {
    private let list = Mutex<[String]>([])
    func append(_ entry: String) { list.withLock { $0.append(entry) } }
    var entries: [String] { list.withLock { $0 } }
}

/// A point a job reaches (`enter`) and, optionally, waits at until the test opens it.
final class Gate: Sendable {
    private let state = Mutex((entered: false, isOpen: false))

    func enter() { state.withLock { $0.entered = true } }

    func wait() {
        enter()
        while !state.withLock({ $0.isOpen }) { usleep(1000) }
    }

    func open() { state.withLock { $0.isOpen = true } }

    func waitUntilEntered() {
        while !state.withLock({ $0.entered }) { usleep(1000) }
    }
}
