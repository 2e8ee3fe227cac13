import Glibc
import GlideTools
import ScrollEngine

/// Writes `--trace FILE`: one JSON object per committed frame, the replay tool's fields (see
/// docs/replay.md) plus `commit_ms` (monotonic clock) and, when the compositor reports it,
/// `presented_ms` (presentation clock, monotonic on Linux compositors).
final class TraceWriter {
    private let fileDescriptor: Int32
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

    /// Opens `path` for writing (`-` is stdout). An existing file is never overwritten.
    init(path: String) throws(TraceError) {
        if path == "-" {
            fileDescriptor = STDOUT_FILENO
        } else {
            fileDescriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fileDescriptor >= 0 else { throw TraceError(path: path, errno: errno) }
        }
    }

    deinit {
        close()
        if fileDescriptor != STDOUT_FILENO { Glibc.close(fileDescriptor) }
    }

    /// Remembers the frame drawn for commit `number`.
    func record(_ frame: ScrollFrame, number: Int) {
        drawn[number] = frame.traceLine
    }

    /// Notes that frame `number` was committed at `commitMilliseconds` (monotonic clock).
    func committed(number: Int, commitMilliseconds: Double) {
        guard let line = drawn.removeValue(forKey: number) else { return }
        pending.append(PendingLine(number: number, line: line, commitMilliseconds: commitMilliseconds))
        writeSettledLines()
    }

    /// Notes the compositor's report on frame `number`.
    func presented(number: Int, presentedMilliseconds: Double?) {
        guard let index = pending.firstIndex(where: { $0.number == number }) else { return }
        pending[index].presentedMilliseconds = presentedMilliseconds
        pending[index].isReported = true
        writeSettledLines()
    }

    /// Writes every line still waiting (at exit).
    func close() {
        while !pending.isEmpty { write(pending.removeFirst()) }
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
        var text = String(entry.line.dropLast()) + fields + "}\n"
        text.withUTF8 { bytes in _ = Glibc.write(fileDescriptor, bytes.baseAddress, bytes.count) }
    }
}

/// The trace file could not be created.
struct TraceError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        reason = code == EEXIST ? "it exists, and Glide does not overwrite files" : String(cString: strerror(code))
    }

    var description: String { "cannot create trace file '\(path)': \(reason)" }
}
