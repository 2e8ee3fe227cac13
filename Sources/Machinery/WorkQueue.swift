import CSystem
import Glibc
import Synchronization

/// How soon a job should run: what the reader is waiting for before what is near it, and
/// both before work nobody is looking at yet.
public enum WorkPriority: Int, Comparable, Sendable {
    case background
    case nearby
    case visible
    /// Ahead of everything queued (an outline asked for once, a file's first open).
    case immediate

    public static func < (lhs: WorkPriority, rhs: WorkPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A submitted job's handle: cancelling drops the job if it has not started, and tells a
/// running job (which looks at `isCancelled` between its steps) to stop.
public final class WorkTicket: Sendable {
    private let cancelled = Atomic<Bool>(false)

    public init() {}

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    public func cancel() { cancelled.store(true, ordering: .relaxed) }
}

/// The one way Glide runs work off the frame loop: a bounded, prioritised, cancellable queue of
/// jobs served by threads of its own.
///
/// Jobs run highest priority first, and in the order they came within a priority. A queue
/// holds at most `capacity` waiting jobs: past it, the least urgent and oldest is dropped (its
/// ticket is cancelled), so a view that moves faster than the work never builds a backlog.
/// Jobs of a `group` can be replaced together (`replacePending`), which is how a view says
/// what it wants now. A queue of one thread runs its jobs one at a time, in order, so a library
/// handle that must not be shared by threads (a poppler document) can live on it.
///
/// Results go back to the loop through `MainThreadMailbox`; no job touches a layout.
public final class WorkQueue: Sendable {
    /// The process's queue for short jobs that no other queue owns: a search, a file read
    /// again, a heading found, a paste written, a program waited for. Four threads, so a
    /// paste whose reader is slow does not hold up a search.
    public static let shared = WorkQueue(name: "glide-work", threadCount: 4, isBackground: true)

    public typealias Job = @Sendable (WorkTicket) -> Void

    /// The most jobs that wait at once (running ones are not counted).
    public var capacity: Int { core.capacity }
    public let name: String
    /// What the threads serve; they hold it, not the queue, so the queue's owner letting go
    /// of it stops them.
    private let core: Core

    /// A queue served by `threadCount` threads, started with its first job. With
    /// `releasesMemoryAfterIdleMilliseconds`, a thread that has run jobs and then finds none
    /// for that long gives the heap's free memory back to the system (`glide_trim_heap`): for
    /// queues whose jobs allocate far more than they keep (a page drawn by poppler), which
    /// glibc would otherwise hold in the thread's arena long after the pixels left it. Not at
    /// once when the queue drains: the next job would fault the same pages in again, and a
    /// zoom asks for one batch of pieces after another.
    ///
    /// A background queue's threads run below the frame loop (`backgroundNiceIncrement`): for
    /// work whose cost grows with the content (a file read and laid out, a search, a listing),
    /// which must not take the loop's or the compositor's share of a core. The others run at
    /// the loop's priority: their jobs are short or wait on what the reader is waiting for (a
    /// page's renderer, poppler opening the file for the first frame).
    public init(name: String, threadCount: Int = 1, capacity: Int = 4096,
                releasesMemoryAfterIdleMilliseconds: Int? = nil, isBackground: Bool = false) {
        self.name = name
        core = Core(name: name, threadCount: max(1, threadCount), capacity: max(1, capacity),
                    releaseIdleMilliseconds: releasesMemoryAfterIdleMilliseconds,
                    niceIncrement: isBackground ? WorkQueue.backgroundNiceIncrement : 0)
    }

    /// How far below the frame loop a background queue's threads run, in nice levels: a weight
    /// of 335 against the loop's and the compositor's 1024 (the kernel's
    /// `sched_prio_to_weight`), so a thread busy with a 1 GB file takes a quarter of a shared
    /// core from them, not half: with four Glides each reading a large file on a 2-core machine
    /// the loop answered a key after 109 ms at the loop's priority, 24 ms at this one (issue
    /// 14's bad-input corpus, `sparse-1g.txt`). Not every queue: below the page renderers
    /// (processes at the loop's priority), poppler's open took 2.4 times as long beside their
    /// start-up, and the renderers' replies waited for a core (`glide-bench pdf`).
    public static let backgroundNiceIncrement: Int32 = 5

    /// How long a queue of page rendering waits, idle, before it gives memory back, in ms:
    /// longer than the gaps within a flick or a zoom (a frame every 16.7 ms asks for the next
    /// pieces), shorter than a reader's pause on a page.
    public static let pageMemoryReleaseIdleMilliseconds = 500

    /// How many times the queue's threads gave memory back (for tests).
    public var memoryReleaseCount: Int { core.releases.load(ordering: .relaxed) }

    deinit {
        core.stop()
    }

    /// How many jobs have run to their end (for tests and benchmarks).
    public var completedJobCount: Int { core.completed.load(ordering: .relaxed) }

    /// How many jobs wait.
    public var pendingCount: Int { core.lock.withLock { core.pending.count } }

    /// Queues `body`; it runs on one of the queue's threads with its ticket. After `stop()` the
    /// job never runs and the ticket comes back cancelled.
    @discardableResult
    public func submit(priority: WorkPriority = .visible, group: Int? = nil, _ body: @escaping Job) -> WorkTicket {
        let ticket = WorkTicket()
        core.insert([(ticket, body)], priority: priority, group: group, replacingGroup: false)
        return ticket
    }

    /// Replaces the waiting jobs of `group` by `jobs`, most wanted first, all at `priority`:
    /// what the view no longer needs is dropped before it starts. Jobs of the group already
    /// running go on.
    @discardableResult
    public func replacePending(inGroup group: Int, priority: WorkPriority = .visible, with jobs: [Job]) -> [WorkTicket] {
        let entries = jobs.map { (WorkTicket(), $0) }
        core.insert(entries, priority: priority, group: group, replacingGroup: true)
        return entries.map(\.0)
    }

    /// Drops the waiting jobs of `group`.
    public func cancelPending(inGroup group: Int) {
        replacePending(inGroup: group, with: [])
    }

    /// Drops every waiting job and waits for the running ones to end, for at most
    /// `stopWaitMilliseconds` in all: a job stuck inside a library (poppler drawing a page
    /// that never ends) is left running on its thread, and counted in
    /// `abandonedThreadCount`, rather than holding up the quit that a signal asked for.
    public func stop() {
        core.stop()
    }

    /// How long `stop()` waits for running jobs, in ms. A page that draws for longer than this
    /// is one poppler will not finish soon; a quit (SIGTERM, a quit key) must end within a
    /// second (issue 25's goal), and this leaves the rest of it to saving the reading position.
    public static let stopWaitMilliseconds: UInt32 = 300

    /// Threads whose job was still running when their queue stopped; they run on, detached.
    /// While there are any, the process must not run its exit handlers (`ProcessExit`).
    public static var abandonedThreadCount: Int { abandonedThreads.load(ordering: .relaxed) }

    fileprivate static let abandonedThreads = Atomic<Int>(0)

    private final class Core: @unchecked Sendable {
        struct Entry {
            var priority: WorkPriority
            var sequence: Int
            var group: Int?
            var ticket: WorkTicket
            var body: Job
        }

        let capacity: Int
        let threadCount: Int
        let name: String
        let releaseIdleMilliseconds: Int?
        let niceIncrement: Int32
        let lock = ConditionLock()
        let completed = Atomic<Int>(0)
        let releases = Atomic<Int>(0)
        // Touched only under `lock`.
        var pending: [Entry] = []
        private var sequence = 0
        private var threads: [pthread_t] = []
        private var isStopped = false

        init(name: String, threadCount: Int, capacity: Int, releaseIdleMilliseconds: Int?, niceIncrement: Int32) {
            self.name = name
            self.threadCount = threadCount
            self.capacity = capacity
            self.releaseIdleMilliseconds = releaseIdleMilliseconds
            self.niceIncrement = niceIncrement
        }

        func insert(_ jobs: [(WorkTicket, Job)], priority: WorkPriority, group: Int?, replacingGroup: Bool) {
            lock.withLock {
                if replacingGroup {
                    for entry in pending where entry.group == group { entry.ticket.cancel() }
                    pending.removeAll { $0.group == group }
                }
                guard !isStopped else { return jobs.forEach { $0.0.cancel() } }
                // Ordered by priority, then by arrival: the batch goes after every job of its
                // priority or a higher one, in its own order.
                let index = pending.firstIndex { $0.priority < priority } ?? pending.endIndex
                pending.insert(contentsOf: jobs.map { ticket, body in
                    sequence += 1
                    return Entry(priority: priority, sequence: sequence, group: group, ticket: ticket, body: body)
                }, at: index)
                while pending.count > capacity, let least = pending.last?.priority,
                      let oldest = pending.firstIndex(where: { $0.priority == least }) {
                    pending.remove(at: oldest).ticket.cancel()
                }
                while !jobs.isEmpty, threads.count < threadCount {
                    threads.append(startThread(named: name, niceIncrement: niceIncrement) { [self] in serve() })
                }
                // A replaced group whose jobs all went may leave nothing to do.
                if !jobs.isEmpty { lock.wakeLocked(all: jobs.count > 1) }
            }
        }

        func stop() {
            let joined: [pthread_t] = lock.withLock {
                isStopped = true
                for entry in pending { entry.ticket.cancel() }
                pending.removeAll()
                defer { threads.removeAll() }
                return threads
            }
            lock.wake()
            let current = pthread_self()
            let deadline = MonotonicClock.milliseconds() + Double(WorkQueue.stopWaitMilliseconds)
            for thread in joined {
                // A job that stops its own queue cannot wait for itself.
                if pthread_equal(thread, current) != 0 {
                    pthread_detach(thread)
                    continue
                }
                let left = UInt32(max(0, deadline - MonotonicClock.milliseconds()))
                if glide_join_thread_within(UInt(thread), left) != 0 {
                    pthread_detach(thread)
                    WorkQueue.abandonedThreads.add(1, ordering: .relaxed)
                }
            }
        }

        private func serve() {
            // Whether this thread has run jobs since it last gave memory back.
            var owesRelease = false
            while true {
                switch next(owesRelease: owesRelease) {
                case .stop:
                    return
                case .release:
                    HeapMemory.releaseFreeMemory()
                    releases.add(1, ordering: .relaxed)
                    owesRelease = false
                case .job(let entry):
                    guard !entry.ticket.isCancelled else { continue }
                    entry.body(entry.ticket)
                    completed.add(1, ordering: .relaxed)
                    owesRelease = releaseIdleMilliseconds != nil
                }
            }
        }

        private enum Next {
            case job(Entry)
            /// The queue stayed empty for `releaseIdleMilliseconds`.
            case release
            case stop
        }

        private func next(owesRelease: Bool) -> Next {
            lock.withLock {
                while true {
                    if isStopped { return .stop }
                    if !pending.isEmpty { return .job(pending.removeFirst()) }
                    if owesRelease, let idle = releaseIdleMilliseconds {
                        if !lock.waitLocked(milliseconds: idle), pending.isEmpty, !isStopped { return .release }
                    } else {
                        lock.waitLocked()
                    }
                }
            }
        }
    }
}
