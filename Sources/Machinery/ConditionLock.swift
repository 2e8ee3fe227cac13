import CSystem
import Glibc

/// A mutex with a condition, for threads that sleep until they are given work or an answer.
final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        // Timed waits count on the monotonic clock, so a clock change does not stretch them.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Waits, with the lock held by the caller inside `withLock`, until `wake()`.
    func waitLocked() {
        pthread_cond_wait(condition, mutex)
    }

    /// As `waitLocked()`, for at most `milliseconds`; false when the time ran out.
    func waitLocked(milliseconds: Int) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + (milliseconds % 1000) * 1_000_000
        deadline.tv_sec += milliseconds / 1000 + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        return pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT
    }

    func wake() {
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Wakes one waiter, or every waiter when `all`, with the lock held by the caller inside
    /// `withLock`: one job needs one thread, and waking the rest only has them queue for the
    /// lock and sleep again while the thread that gave the job still runs.
    func wakeLocked(all: Bool) {
        if all { pthread_cond_broadcast(condition) } else { pthread_cond_signal(condition) }
    }
}

/// Starts `body` on a new thread named `name`, `niceIncrement` nice levels below the thread
/// that starts it, to be joined: the one place a thread is made.
/// The name (the kernel keeps its first 15 bytes) shows in `top -H`, gdb and /proc.
func startThread(named name: String, niceIncrement: Int32 = 0, _ body: @escaping @Sendable () -> Void) -> pthread_t {
    final class Box: @unchecked Sendable {
        let name: String
        let niceIncrement: Int32
        let body: @Sendable () -> Void
        init(_ name: String, _ niceIncrement: Int32, _ body: @escaping @Sendable () -> Void) {
            (self.name, self.niceIncrement, self.body) = (name, niceIncrement, body)
        }
    }
    var thread = pthread_t()
    let context = Unmanaged.passRetained(Box(name, niceIncrement, body)).toOpaque()
    let started = pthread_create(&thread, nil, { context in
        let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
        // Named by itself (one prctl), before its first job. Named by the thread that starts
        // it, glibc writes /proc/self/task/ID/comm instead: an open, a write and a close on
        // that thread, 55 to 90 µs under strace -T, twice in a PDF's first frame (its file's
        // and its pages' queues start a thread each), whose whole budget is half a ms.
        _ = glide_name_thread(UInt(pthread_self()), box.name)
        if box.niceIncrement != 0 { _ = glide_lower_calling_thread_priority(box.niceIncrement) }
        box.body()
        return nil
    }, context)
    precondition(started == 0, "cannot start a thread: \(String(cString: strerror(started)))")
    return thread
}
