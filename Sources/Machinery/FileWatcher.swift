import Glibc

/// Watches the files a window shows, with inotify, and says which changed: written, truncated,
/// replaced by a rename (as editors save), deleted, or created again.
///
/// It watches each file's directory rather than the file: a watch on the file itself follows
/// the old inode after a rename and ends with a deletion, while the directory reports every
/// change to the name. Changes are coalesced: the first event of a burst arms a timer of
/// `coalescingMilliseconds`, and the paths changed by then are reported together, so a
/// save's several steps (write a temporary file, rename it over) give one reload, and a log
/// written to continuously reloads at most that often.
///
/// The loop polls both descriptors: `inotifyDescriptor` → `readEvents()`,
/// `timerDescriptor` → `takeChangedPaths()`.
public final class FileWatcher {
    /// How long after the first change a burst is reported, in ms: long enough for an editor's
    /// write-then-rename, short enough that a reload lands well within half a second.
    public static let coalescingMilliseconds: UInt32 = 100

    public let inotifyDescriptor: Int32
    private let timer = LoopTimer()
    /// The coalescing timer's descriptor.
    public var timerDescriptor: Int32 { timer.fileDescriptor }
    /// Watch descriptor → directory.
    private var directories: [Int32: String] = [:]
    /// (directory, name) → the paths as given that it stands for.
    private var watchedNames: [WatchedName: Set<String>] = [:]
    private var pending: Set<String> = []
    private var isTimerArmed = false

    private struct WatchedName: Hashable {
        var directory: String
        var name: String
    }

    /// The directory's events that can change what a file in it holds.
    private static let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM
        | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)

    public init() throws(SystemError) {
        inotifyDescriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotifyDescriptor >= 0 else { throw SystemError("inotify", errno: errno) }
        guard timer.fileDescriptor >= 0 else {
            let code = errno
            close(inotifyDescriptor)
            throw SystemError("timerfd", errno: code)
        }
    }

    deinit {
        close(inotifyDescriptor)
    }

    /// Starts watching `path` (and, if it is a symbolic link, the file it points to). Returns
    /// false if its directory cannot be watched (it is then not reloaded).
    @discardableResult
    public func watch(_ path: String) -> Bool {
        var watchedAny = false
        var targets = [path]
        if let resolved = realpath(path, nil) {
            let real = String(cString: resolved)
            free(resolved)
            if real != path { targets.append(real) }
        }
        for target in targets {
            let directory = FilePath.parent(of: target)
            let name = target.split(separator: "/").last.map(String.init) ?? target
            let descriptor = inotify_add_watch(inotifyDescriptor, directory, FileWatcher.mask)
            guard descriptor >= 0 else { continue }
            directories[descriptor] = directory
            watchedNames[WatchedName(directory: directory, name: name), default: []].insert(path)
            watchedAny = true
        }
        return watchedAny
    }

    /// Reads the events waiting on `inotifyDescriptor`; changes to watched files arm the
    /// timer.
    public func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotifyDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            parse(buffer[0..<count])
        }
        if !pending.isEmpty, !isTimerArmed {
            isTimerArmed = timer.arm(afterMilliseconds: Double(FileWatcher.coalescingMilliseconds))
        }
    }

    /// The paths (as given to `watch`) changed since the last call, once the coalescing timer
    /// has fired; empty before.
    public func takeChangedPaths() -> Set<String> {
        guard timer.takeExpirations() > 0 else { return [] }
        isTimerArmed = false
        defer { pending = [] }
        return pending
    }

    /// inotify events: a 16-byte header (descriptor, mask, cookie, name length) and a
    /// NUL-padded name.
    private func parse(_ bytes: ArraySlice<UInt8>) {
        var offset = bytes.startIndex
        let headerBytes = MemoryLayout<inotify_event>.size
        while offset + headerBytes <= bytes.endIndex {
            let event = bytes.withUnsafeBytes { raw in
                raw.loadUnaligned(fromByteOffset: offset - bytes.startIndex, as: inotify_event.self)
            }
            let nameStart = offset + headerBytes
            let nameEnd = min(nameStart + Int(event.len), bytes.endIndex)
            let nameBytes = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
            offset = nameEnd
            guard let directory = directories[event.wd] else { continue }
            if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                // The directory itself went: every file watched in it has changed.
                for (key, paths) in watchedNames where key.directory == directory { pending.formUnion(paths) }
                continue
            }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if let paths = watchedNames[WatchedName(directory: directory, name: name)] { pending.formUnion(paths) }
        }
    }
}
