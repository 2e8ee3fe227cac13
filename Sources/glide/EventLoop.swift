import Glibc
import WaylandClient

/// The one-thread poll loop: it sleeps in `poll` until the compositor sends something, so an
/// idle window uses no CPU. Animation is driven by frame callbacks, which arrive as events.
///
/// Listeners only record input and mark the window; `render` draws once after each dispatch
/// (and after the other sources' handlers), so no frame is ever committed from inside a
/// Wayland callback (foot renders after dispatch the same way).
enum EventLoop {
    /// A descriptor to watch besides the display's, and what to do when it is readable.
    struct Source {
        var fileDescriptor: Int32
        var handler: () -> Void
    }

    /// Runs until `isFinished`; `sources` are further descriptors (key-repeat timers) to
    /// watch, asked for anew on each turn because keyboards come and go; `hooks` add their
    /// own descriptors and wake-up times to the same poll (GLib's main context).
    static func run(
        display: Display, sources: () -> [Source], hooks: [any PollHook] = [], render: () -> Void,
        until isFinished: () -> Bool
    ) throws(WaylandError) {
        while !isFinished() {
            try display.prepareToRead(afterDispatch: render)
            try display.flush()
            let extra = sources()
            var descriptors = [pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)]
                + extra.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
            var timeout: Int32 = -1
            let hooked = hooks.map { hook in
                let wanted = hook.descriptorsForPoll()
                if wanted.timeoutMilliseconds >= 0 {
                    timeout = timeout < 0 ? wanted.timeoutMilliseconds : min(timeout, wanted.timeoutMilliseconds)
                }
                descriptors += wanted.descriptors
                return (hook, wanted.descriptors.count)
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 && errno != EINTR {
                try display.finishRead(readable: false)
                throw .connectionLost(errno: errno)
            }
            let displayEvents = descriptors[0].revents
            if displayEvents & Int16(POLLHUP | POLLERR) != 0 && displayEvents & Int16(POLLIN) == 0 {
                try display.finishRead(readable: false)
                throw .connectionLost(errno: EPIPE)
            }
            try display.finishRead(readable: displayEvents & Int16(POLLIN) != 0)
            for (index, source) in extra.enumerated() where descriptors[index + 1].revents & Int16(POLLIN) != 0 {
                source.handler()
            }
            var start = 1 + extra.count
            for (hook, count) in hooked {
                hook.pollReturned(descriptors[start..<start + count])
                start += count
            }
            render()
        }
        try display.flush()
    }
}

/// Something else served by the same poll, such as GLib's main context: before each poll it
/// names its descriptors and the longest the poll may sleep, after it it reads their results.
protocol PollHook: AnyObject {
    /// The descriptors to watch (any events) and the timeout in ms, -1 for none.
    func descriptorsForPoll() -> (descriptors: [pollfd], timeoutMilliseconds: Int32)
    /// The same descriptors with their results, in order, after every poll.
    func pollReturned(_ results: ArraySlice<pollfd>)
}
