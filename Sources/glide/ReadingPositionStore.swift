import Foundation
import Glibc

import Document

/// Where the reader was in a document: the block at the top of the window, which also fixes
/// the page of a paged view (or the page itself, for an image collection), and the zoom.
struct ReadingPosition: Codable, Equatable {
    var anchor: ReadingAnchor
    var zoomScale: Double
}

/// Remembers reading positions per file under `$XDG_STATE_HOME/glide/` (default
/// `~/.local/state/glide/`), keyed by the file's path, size and modification time, so an edited
/// file starts from the top.
///
/// Writes are atomic (temporary file, fsync, rename) and happen at exit and when scrolling
/// comes to rest. A corrupt or unreadable state file is ignored with one warning and replaced
/// on the next write; a read-only state directory never stops the viewer (one warning).
final class ReadingPositionStore {
    private let directory: String
    private var hasWarned = false
    private var lastWritten: [String: ReadingPosition] = [:]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        directory = base + "/glide"
    }

    /// The stored record for one file.
    private struct Record: Codable {
        var path: String
        var size: Int64
        var modificationSeconds: Int64
        var position: ReadingPosition
    }

    /// The saved position of the file at `path`, if it has not changed since.
    func position(forFileAt path: String) -> ReadingPosition? {
        guard let identity = FileIdentity(path: path) else { return nil }
        let file = recordPath(for: identity.path)
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        guard let data = FileManager.default.contents(atPath: file),
              let record = try? JSONDecoder().decode(Record.self, from: data),
              record.path == identity.path, record.position.anchor.fraction.isFinite,
              record.position.zoomScale.isFinite, record.position.zoomScale > 0
        else {
            warnOnce("ignoring the unreadable reading-position file '\(file)'; it will be replaced")
            return nil
        }
        guard record.size == identity.size, record.modificationSeconds == identity.modificationSeconds else { return nil }
        lastWritten[identity.path] = record.position
        return record.position
    }

    /// Saves the position for the file at `path`, unless it is what was saved last.
    func save(_ position: ReadingPosition, forFileAt path: String) {
        guard let identity = FileIdentity(path: path), lastWritten[identity.path] != position else { return }
        let record = Record(path: identity.path, size: identity.size, modificationSeconds: identity.modificationSeconds,
                            position: position)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let data = try JSONEncoder().encode(record)
            try AtomicFile.write(data, to: recordPath(for: identity.path))
            lastWritten[identity.path] = position
        } catch {
            warnOnce("cannot save the reading position in '\(directory)': \(error.localizedDescription)")
        }
    }

    private func recordPath(for canonicalPath: String) -> String {
        // FNV-1a: a stable name per path without keeping the path in the file name.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonicalPath.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return directory + "/" + String(hash, radix: 16) + ".json"
    }

    private func warnOnce(_ message: String) {
        guard !hasWarned else { return }
        hasWarned = true
        printError("warning: \(message)")
    }
}

/// What identifies a version of a file: its canonical path, size and modification time.
private struct FileIdentity {
    let path: String
    let size: Int64
    let modificationSeconds: Int64

    init?(path: String) {
        guard let canonical = realpath(path, nil) else { return nil }
        defer { free(canonical) }
        var status = stat()
        guard stat(canonical, &status) == 0 else { return nil }
        self.path = String(cString: canonical)
        size = Int64(status.st_size)
        modificationSeconds = Int64(status.st_mtim.tv_sec)
    }
}

/// Replaces a file's content all at once: a reader sees the old or the new file, never half.
enum AtomicFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func write(_ data: Data, to path: String) throws {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == data.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: reason)
        }
        // The rename itself is durable once the directory is synced.
        let directory = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }
}
