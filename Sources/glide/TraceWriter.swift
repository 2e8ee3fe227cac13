import Glibc
import ScrollEngine

/// Writes `--trace FILE`: one JSON object per committed frame, the replay tool's fields (see
/// docs/replay.md) plus `commit_ms` (monotonic clock) and, when the compositor reports it,
/// `presented_ms` (presentation clock, monotonic on Linux compositors).
final class TraceWriter {
    private let fileDescriptor: Int32
    /// Lines waiting for their commit's presentation feedback, by frame number.
    private var pending: [Int: String] = [:]

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
        for number in pending.keys.sorted() { write(number: number, commitMilliseconds: nil, presentedMilliseconds: nil) }
        if fileDescriptor != STDOUT_FILENO { close(fileDescriptor) }
    }

    /// Remembers the frame drawn for commit `number`.
    func record(_ frame: ScrollFrame, number: Int) {
        pending[number] = frame.traceLine
    }

    /// Writes the line of commit `number` once its fate is known.
    func commit(number: Int, commitMilliseconds: Double, presentedMilliseconds: Double?) {
        write(number: number, commitMilliseconds: commitMilliseconds, presentedMilliseconds: presentedMilliseconds)
    }

    private func write(number: Int, commitMilliseconds: Double?, presentedMilliseconds: Double?) {
        guard let line = pending.removeValue(forKey: number) else { return }
        var fields = ""
        if let commitMilliseconds { fields += ",\"commit_ms\":\(Self.milliseconds(commitMilliseconds))" }
        if let presentedMilliseconds { fields += ",\"presented_ms\":\(Self.milliseconds(presentedMilliseconds))" }
        var text = String(line.dropLast()) + fields + "}\n"
        text.withUTF8 { bytes in _ = Glibc.write(fileDescriptor, bytes.baseAddress, bytes.count) }
    }

    /// A time in ms with three decimals (µs resolution).
    private static func milliseconds(_ value: Double) -> String {
        let microseconds = Int64((value * 1000).rounded())
        let fraction = String(microseconds % 1000)
        return "\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
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
