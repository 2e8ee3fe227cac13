import Glibc
import Machinery

/// Text another client pastes: made and written on a worker, so a large selection (a whole
/// document) is neither extracted nor written on the frame loop.
public struct SelectionText: Sendable {
    /// Produces the UTF-8 text; runs on a worker thread, once per paste.
    let make: @Sendable () -> String

    public init(_ make: @escaping @Sendable () -> String) {
        self.make = make
    }

    /// The MIME types Glide offers text as: the freedesktop UTF-8 type, the X11 names that
    /// XWayland clients ask for, and plain text (reference/readers-and-desktop.md).
    static let mimeTypes = ["text/plain;charset=utf-8", "UTF8_STRING", "TEXT", "STRING", "text/plain"]

    /// Writes the text to `fd` (the pipe a `send` event gives) on a worker, then closes it.
    func write(to fd: Int32) {
        let make = self.make
        WorkQueue.shared.submit { _ in
            defer { close(fd) }
            // The pipe may have been made non-blocking by the compositor; the worker can wait.
            let flags = fcntl(fd, F_GETFL)
            if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
            var text = make()
            text.withUTF8 { bytes in
                var written = 0
                while written < bytes.count {
                    let result = Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
                    if result < 0 {
                        if errno == EINTR { continue }
                        // The reader went away (EPIPE): nothing more to do.
                        return
                    }
                    written += result
                }
            }
        }
    }
}
