import Glibc
import WaylandClient

/// The one-thread poll loop: it sleeps in `poll` until the compositor sends something, so an
/// idle window uses no CPU. Animation is driven by frame callbacks, which arrive as events.
enum EventLoop {
    static func run(display: Display, until isFinished: () -> Bool) throws(WaylandError) {
        while !isFinished() {
            try display.prepareToRead()
            try display.flush()
            var descriptor = pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, -1)
            if ready < 0 && errno != EINTR {
                try display.finishRead(readable: false)
                throw .connectionLost(errno: errno)
            }
            if descriptor.revents & Int16(POLLHUP | POLLERR) != 0 && descriptor.revents & Int16(POLLIN) == 0 {
                try display.finishRead(readable: false)
                throw .connectionLost(errno: EPIPE)
            }
            try display.finishRead(readable: ready > 0)
        }
        try display.flush()
    }
}
