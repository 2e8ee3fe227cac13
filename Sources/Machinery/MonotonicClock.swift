import Glibc

/// Now on CLOCK_MONOTONIC: for budgets, timers and the trace, never for the engine (which is
/// given event and frame times).
public enum MonotonicClock {
    public static func milliseconds() -> Double {
        seconds() * 1000
    }

    public static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    public static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
