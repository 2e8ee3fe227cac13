import Glibc
import GlideTools
import Localization
import Machinery
import ScrollEngine

/// Writes `--trace FILE`: one JSON object per committed frame, the replay tool's fields (see
/// docs/replay.md) plus `commit_ms` (monotonic clock) and, when the compositor reports it,
/// `presented_ms` (presentation clock, monotonic on Linux compositors) and, after a turn of
/// the loop that served a screen reader, `a11y_ms` (the longest such turn since the last frame).
///
/// A trace never stalls or ends Glide: into a pipe it writes without blocking and keeps what
/// the reader has not taken yet; a reader that goes away (EPIPE) or falls too far behind stops
/// the trace with one warning, and the viewer goes on.
public final class TraceWriter {
    private let fileDescriptor: Int32
    /// Where the lines go, for the warning.
    private let name: String
    /// Bytes written but not yet taken by a slow pipe reader.
    private var backlog: [UInt8] = []
    /// Whether writing stopped (the reader went away or fell behind).
    private var isStopped = false
    /// How much a pipe reader may fall behind before the trace stops: about 10 minutes of
    /// 60 Hz frames at 200 bytes a line.
    private let maximumBacklogBytes = 8 << 20
    /// A committed frame's line, waiting for the compositor's presentation report.
    private struct PendingLine {
        var number: Int
        var line: String
        var commitMilliseconds: Double
        var presentedMilliseconds: Double?
        var isReported = false
    }

    /// Committed frames whose line is not written yet, oldest first.
    private var pending: [PendingLine] = []
    /// Lines drawn but not yet committed, by frame number.
    private var drawn: [Int: String] = [:]
    /// How many frames may wait for a report: a compositor that never reports (sway's headless
    /// outputs) must not hold the trace back for longer than a few frames.
    private let maximumWaitingFrames = 3

    /// Opens `path` for writing (`-` is stdout). An existing file is overwritten, as
    /// `strace -o` and `perf -o` do: the user named it as output.
    public init(path: String) throws(TraceError) {
        if path == "-" {
            fileDescriptor = STDOUT_FILENO
            name = localized("standard output")
        } else {
            // O_NONBLOCK: opening a FIFO with no reader fails (ENXIO) instead of blocking.
            fileDescriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o644)
            guard fileDescriptor >= 0 else { throw TraceError(path: path, errno: errno) }
            name = "'\(path)'"
        }
        var status = stat()
        let isPipe = fstat(fileDescriptor, &status) == 0
            && (status.st_mode & S_IFMT == S_IFIFO || status.st_mode & S_IFMT == S_IFSOCK)
        // A pipe's reader may stop reading; a file never blocks for long, so writes to it stay
        // blocking (and O_NONBLOCK on a shared terminal would surprise the shell).
        let flags = fcntl(fileDescriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(fileDescriptor, F_SETFL, isPipe ? flags | O_NONBLOCK : flags & ~O_NONBLOCK) }
    }

    deinit {
        close()
        if fileDescriptor != STDOUT_FILENO { Glibc.close(fileDescriptor) }
    }

    /// The longest turn of the loop spent on accessibility (answering AT-SPI requests,
    /// following the view) since the last frame was drawn, in ms of the loop thread's CPU
    /// time; nil when there was none.
    private var accessibilityMilliseconds: Double?

    /// Remembers the frame drawn for commit `number`.
    public func record(_ frame: ScrollFrame, number: Int) {
        var line = frame.traceLine
        if let accessibilityMilliseconds {
            line = String(line.dropLast()) + ",\"a11y_ms\":\(ScrollFrame.traceNumber(accessibilityMilliseconds))}"
            self.accessibilityMilliseconds = nil
        }
        drawn[number] = line
    }

    /// Notes a turn of the loop that spent `milliseconds` on accessibility; the next frame's
    /// line carries the longest as `a11y_ms`.
    public func noteAccessibilityWork(milliseconds: Double) {
        accessibilityMilliseconds = max(accessibilityMilliseconds ?? 0, milliseconds)
    }

    /// Notes that frame `number` was committed at `commitMilliseconds` (monotonic clock).
    public func committed(number: Int, commitMilliseconds: Double) {
        guard let line = drawn.removeValue(forKey: number) else { return }
        pending.append(PendingLine(number: number, line: line, commitMilliseconds: commitMilliseconds))
        writeSettledLines()
    }

    /// Notes the compositor's report on frame `number`.
    public func presented(number: Int, presentedMilliseconds: Double?) {
        guard let index = pending.firstIndex(where: { $0.number == number }) else { return }
        pending[index].presentedMilliseconds = presentedMilliseconds
        pending[index].isReported = true
        writeSettledLines()
    }

    /// Writes every line still waiting (at exit), giving a slow pipe reader up to a second.
    public func close() {
        while !pending.isEmpty { write(pending.removeFirst()) }
        var waitedMilliseconds: Int32 = 0
        while !isStopped, !backlog.isEmpty, waitedMilliseconds < 1000 {
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, 100)
            waitedMilliseconds += 100
            flush()
        }
    }

    /// Writes lines in commit order while the oldest is reported or has waited long enough.
    private func writeSettledLines() {
        while let oldest = pending.first, oldest.isReported || pending.count > maximumWaitingFrames {
            write(pending.removeFirst())
        }
    }

    private func write(_ entry: PendingLine) {
        var fields = ",\"commit_ms\":\(ScrollFrame.traceNumber(entry.commitMilliseconds))"
        if let presented = entry.presentedMilliseconds { fields += ",\"presented_ms\":\(ScrollFrame.traceNumber(presented))" }
        guard !isStopped else { return }
        backlog += Array((String(entry.line.dropLast()) + fields + "}\n").utf8)
        flush()
        if backlog.count > maximumBacklogBytes { stop(localized("its reader fell more than %s MB behind", LocalizedNumber.string(maximumBacklogBytes >> 20))) }
    }

    /// Writes as much of the backlog as the descriptor takes now.
    private func flush() {
        while !isStopped, !backlog.isEmpty {
            let written = backlog.withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                backlog.removeFirst(written)
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN {
                return
            } else {
                stop(written == 0 ? localized("nothing could be written") : errno == EPIPE ? localized("its reader went away")
                    : String(cString: strerror(errno)))
            }
        }
    }

    private func stop(_ reason: String) {
        isStopped = true
        backlog = []
        printError(localized("warning: stopped writing the frame trace to %1$s: %2$s", name, reason))
    }
}

/// The trace file could not be created.
public struct TraceError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        reason = code == ENXIO ? localized("it is a FIFO that no one reads") : String(cString: strerror(code))
    }

    public var description: String { localized("cannot create trace file '%1$s': %2$s", path, reason) }
}
