import Glibc

/// How the process ends once the frame loop is done or a file was refused.
public enum ProcessExit {
    /// Ends the process with `status`. While a stopped queue left a job running inside a
    /// library (`WorkQueue.abandonedThreadCount`), the process's exit handlers and C++ static
    /// destructors must not run: poppler's globals would be torn down under the page it is
    /// still drawing. Buffered output is flushed either way.
    public static func end(status: Int32) -> Never {
        // No page renderer outlives Glide, whatever it is drawing (each also dies with its
        // parent, PR_SET_PDEATHSIG, should Glide itself be killed).
        HelperProcesses.endAll()
        // The same while a worker is inside such a library call (`LibraryCallsInFlight`).
        guard WorkQueue.abandonedThreadCount > 0 || LibraryCallsInFlight.count > 0 else { exit(status) }
        fflush(nil)
        _exit(status)
    }
}
