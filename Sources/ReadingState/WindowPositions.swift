import Glibc

/// A running Glide window as a reading-position record names it: its process, with the time
/// the process started (a process ID is reused once its process is gone), and which store of
/// that process (one per window).
struct WindowOwner: Codable, Equatable {
    var processID: Int32
    var startTicks: UInt64
    var store: UInt64

    /// The calling process's store `store`.
    static func current(store: UInt64) -> WindowOwner {
        WindowOwner(processID: getpid(), startTicks: status(of: getpid())?.startTicks ?? 0, store: store)
    }

    /// Whether its process still runs: the same process (started at the same time), not a
    /// zombie whose parent has yet to reap it.
    var isRunning: Bool {
        guard kill(processID, 0) == 0 || errno == EPERM else { return false }
        guard let status = Self.status(of: processID) else { return true }
        return status.startTicks == startTicks && !status.hasEnded
    }

    /// What `/proc/PID/stat` (proc(5)) says of process `processID`: whether it has ended
    /// (state Z or X, field 3) and when it started, in clock ticks after boot (field 22).
    /// Fields are counted after the command's closing parenthesis, since the command itself
    /// may hold spaces and parentheses.
    static func status(of processID: Int32) -> (hasEnded: Bool, startTicks: UInt64)? {
        guard case .bytes(let bytes) = StateFileContents(path: "/proc/\(processID)/stat", limit: 4096),
              let end = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        // Field 3 is the first after the parenthesis, so field 22 is the 20th.
        let fields = bytes[(end + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 19, let startTicks = UInt64(String(decoding: fields[19], as: UTF8.self)) else { return nil }
        return (fields[0].first == UInt8(ascii: "Z") || fields[0].first == UInt8(ascii: "X"), startTicks)
    }
}

/// Where one window of a document is, or was when it closed.
struct WindowPosition: Codable, Equatable {
    var position: ReadingPosition
    /// The window reading there now; nil, or a window whose process is gone, once it closed.
    var owner: WindowOwner?
}

/// The places of one document's windows, the most recently saved first: each window keeps
/// its own, and a window that opens takes the most recent one no running window holds, so
/// two windows closed on two places open again at both (the last place read first).
extension [WindowPosition] {
    /// How many places a document keeps: a bound, not a tuned figure (few read one document
    /// in more windows than this at once).
    static var maximumCount: Int { 4 }

    /// The place `owner` holds, else the most recent one no running window holds.
    func indexToTake(for owner: WindowOwner) -> Int? {
        firstIndex { $0.owner == owner } ?? firstIndex { place in place.owner.map { !$0.isRunning } ?? true }
    }

    /// Records `position` as `owner`'s place, now the most recent.
    mutating func save(_ position: ReadingPosition, of owner: WindowOwner) {
        removeAll { $0.owner == owner }
        insert(WindowPosition(position: position, owner: owner), at: 0)
        if count > Self.maximumCount { removeLast(count - Self.maximumCount) }
    }
}
