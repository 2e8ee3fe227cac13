import Glibc
import Localization

/// Replaces a file's content all at once: a reader sees the old or the new file, never half.
///
/// The new content goes to `<path>.tmp-<pid>`, created afresh (never written through a name
/// already there), is synced, then renamed over `path`. A process killed between the two
/// leaves the temporary behind; `removeStrayTemporaries(in:)` clears those of processes that
/// are gone.
public enum AtomicFile {
    /// What went wrong, in words: the step and the system's reason.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(_ step: String, errno code: Int32) {
            description = "\(step): \(String(cString: strerror(code)))"
        }
    }

    /// The temporary a process with `processID` writes `path` through.
    public static func temporaryPath(for path: String, processID: pid_t = getpid()) -> String {
        path + temporaryMarker + String(processID)
    }

    private static let temporaryMarker = ".tmp-"

    /// A temporary older than this was abandoned, whatever its process ID says (IDs are
    /// reused): a write of a few hundred bytes takes milliseconds.
    public static let abandonedAfterSeconds = 600

    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        _ = try write(bytes, to: path, onlyIf: { true })
    }

    /// Writes as `write(_:to:)` does, unless `isStillWanted`, asked just before the new file
    /// takes the name, says no (another writer replaced the file meanwhile); false then, and
    /// nothing is left behind.
    public static func write(_ bytes: [UInt8], to path: String, onlyIf isStillWanted: () -> Bool) throws(Failure) -> Bool {
        let temporary = temporaryPath(for: path)
        let fd = try createExclusively(temporary)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let writeError = errno
        let synced = fsync(fd) == 0
        let syncError = errno
        close(fd)
        guard written == bytes.count, synced else {
            unlink(temporary)
            // A short write without an error means the disk filled up.
            throw Failure(localized("cannot write '%s'", temporary), errno: written < 0 ? writeError : !synced ? syncError : ENOSPC)
        }
        guard isStillWanted() else {
            unlink(temporary)
            return false
        }
        guard rename(temporary, path) == 0 else {
            let renameError = errno
            unlink(temporary)
            throw Failure(localized("cannot replace '%s'", path), errno: renameError)
        }
        // The rename itself is durable once the directory is synced.
        let directory = open(FilePath.parent(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
        return true
    }

    /// Opens `temporary` as a new, empty file for writing. Whatever already has the name (a
    /// hard or symbolic link someone planted there, a file a dead process with this ID left)
    /// is never opened: its name is removed, which leaves the file it names as it was.
    private static func createExclusively(_ temporary: String) throws(Failure) -> Int32 {
        // Twice: a name planted again between the unlink and the second open is not a
        // leftover but an attack, and the save gives up.
        for _ in 0..<2 {
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd >= 0 { return fd }
            guard errno == EEXIST, unlink(temporary) == 0 || errno == ENOENT else { break }
        }
        let code = errno
        throw Failure(localized("cannot create '%s'", temporary), errno: code)
    }

    /// Creates `path` and its missing parents, as `mkdir -p` does (mode 0700: what Glide keeps
    /// is the reader's own).
    public static func createDirectories(_ path: String) throws(Failure) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw Failure(localized("cannot use '%s'", path), errno: ENOTDIR) }
            return
        }
        let parent = FilePath.parent(of: path)
        if parent != path, parent != "/" { try createDirectories(parent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw Failure(localized("cannot create the directory '%s'", path), errno: errno)
        }
    }

    /// Deletes the temporaries in `directory` left by processes that died mid-write.
    public static func removeStrayTemporaries(in directory: String) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        let now = time(nil)
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard let marker = name.ranges(of: temporaryMarker).last,
                  let processID = pid_t(name[marker.upperBound...]), processID != getpid() else { continue }
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let isOwnerGone = kill(processID, 0) != 0 && errno == ESRCH
            if isOwnerGone || now - status.st_mtim.tv_sec > abandonedAfterSeconds { unlink(path) }
        }
    }
}
