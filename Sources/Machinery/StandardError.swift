import Glibc
import Synchronization

/// Where Glide's own messages go: the standard error Glide was started with.
///
/// Once `LibraryOutput.quiet()` has run, descriptor 2 belongs to the C libraries (poppler's
/// allocator and GLib write there straight), and Glide writes its one-line messages to a
/// duplicate of the descriptor it was given.
public enum StandardError {
    private static let saved = Atomic<Int32>(STDERR_FILENO)

    /// The descriptor Glide's own lines are written to.
    public static var descriptor: Int32 { saved.load(ordering: .acquiring) }

    /// Keeps Glide's messages on a duplicate of descriptor 2 (above the standard three, closed
    /// in programs Glide starts); false when descriptor 2 is not open.
    static func keepOriginal() -> Bool {
        let duplicate = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
        guard duplicate >= 0 else { return false }
        saved.store(duplicate, ordering: .releasing)
        return true
    }

    /// Writes `line` (which ends in a newline) whole, as one write where the kernel allows.
    public static func write(_ line: String) {
        var line = line
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
