import DocumentKit
import FoundationEssentials
import Glibc
import Localization
import Machinery

/// Where the reader was in a document: the block at the top of the window, which also fixes
/// the page of a paged view (or the page itself, for an image collection), the zoom, and the
/// quarter turns clockwise the pages were shown at; and how the reader chose to show its pages
/// (`PageModes`: night pages, fit).
public struct ReadingPosition: Codable, Equatable {
    public var anchor: ReadingAnchor
    public var zoomScale: Double
    public var pageModes: PageModes
    /// How far through the document, from 0 to 1, for the home; nil in records written before
    /// it was kept.
    public var progress: Double?
    /// The way back and forward from here (absent in records of earlier versions).
    public var history: ReadingHistory?
    /// How many quarter turns clockwise the pages are turned (absent before pages turned: 0).
    public var quarterTurns: Int

    public init(anchor: ReadingAnchor, zoomScale: Double, progress: Double? = nil, history: ReadingHistory? = nil,
                quarterTurns: Int = 0, pageModes: PageModes = PageModes()) {
        self.anchor = anchor
        self.zoomScale = zoomScale
        self.progress = progress
        self.history = history.flatMap { $0.isEmpty ? nil : $0 }
        self.quarterTurns = quarterTurns
        self.pageModes = pageModes
    }

    /// The position with its history's invalid places left out, and at most
    /// `ReadingPositionStore.maximumHistoryPlaces` each way (a state file is untrusted input).
    var withValidHistory: ReadingPosition {
        var position = self
        position.history = history?.validated(capacity: ReadingPositionStore.maximumHistoryPlaces)
        return position
    }

    private enum CodingKeys: String, CodingKey {
        case anchor, zoomScale, progress, history, quarterTurns, pageModes
    }

    /// A record saved before pages turned has no turns: upright; one saved before the history
    /// or the progress was kept has none; one saved before page modes existed has none: no
    /// choice made.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        anchor = try container.decode(ReadingAnchor.self, forKey: .anchor)
        zoomScale = try container.decode(Double.self, forKey: .zoomScale)
        progress = try container.decodeIfPresent(Double.self, forKey: .progress)
        history = try container.decodeIfPresent(ReadingHistory.self, forKey: .history)
        quarterTurns = (try container.decodeIfPresent(Int.self, forKey: .quarterTurns) ?? 0) & 3
        pageModes = try container.decodeIfPresent(PageModes.self, forKey: .pageModes) ?? PageModes()
    }
}

/// Remembers reading positions per file under `$XDG_STATE_HOME/glide/` (default
/// `~/.local/state/glide/`), keyed by the file's path, size and modification time, so an edited
/// file starts from the top.
///
/// Each window keeps its own place (one store per window, see `WindowPosition`): a window
/// opening a document takes the most recently read place that no running window holds, so
/// two windows on one document, closed, open again each at its own place. Records are read,
/// changed and replaced under a lock on the directory, as several windows share them.
///
/// Writes are atomic (see `AtomicFile`) and happen at exit and when scrolling comes to rest.
/// State is untrusted too: a corrupt, oversized or unreadable record is ignored with one
/// warning and replaced on the next write; a record that is not a regular file (a directory,
/// a FIFO) is reported once and left alone; a read-only or full state directory never stops
/// the viewer (one warning). Temporaries left by a killed Glide are removed.
public final class ReadingPositionStore {
    private let directory: String
    private var hasWarned = false
    private var hasRemovedStrayTemporaries = false
    private var lastWritten: [String: ReadingPosition] = [:]
    /// Records that are not regular files: never read, never written.
    private var foreignRecords: Set<String> = []
    /// Where warnings go (stderr, prefixed `glide: warning:`).
    private let warn: (String) -> Void
    /// This window, as the records name the places it holds.
    let owner: WindowOwner

    /// A record is a few hundred bytes; anything much larger is not one, and is not read
    /// whole (a 200 MB file would cost 0.5 s and 400 MB).
    static let maximumRecordBytes = 64 << 10
    /// The most places a record keeps each way: the viewer's history holds 100 (Okular's).
    static let maximumHistoryPlaces = 100

    public convenience init(environment: [String: String] = ProcessInfo.processInfo.environment,
                            warn: @escaping (String) -> Void = { printError(localized("warning: %s", $0)) }) {
        self.init(environment: environment, owner: .current(store: UInt64.random(in: 1...UInt64.max)), warn: warn)
    }

    /// A store for the window `owner` (a test's window of a process that has ended).
    convenience init(environment: [String: String], owner: WindowOwner, warn: @escaping (String) -> Void) {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) } ?? "/") + "/.local/state"
        self.init(directory: base + "/glide", owner: owner, warn: warn)
    }

    private init(directory: String, owner: WindowOwner, warn: @escaping (String) -> Void) {
        self.directory = directory
        self.owner = owner
        self.warn = warn
    }

    /// A store for the same window, for a worker to read with (a store is used on one thread):
    /// the home opens a document off the loop, at the place this window then holds.
    public func forTheSameWindow() -> ReadingPositionStore {
        ReadingPositionStore(directory: directory, owner: owner, warn: warn)
    }

    /// The stored record for one file.
    private struct Record: Codable {
        var path: String
        var size: Int64
        var modificationSeconds: Int64
        /// The most recent place (all that records written before windows kept their own
        /// hold, and what those versions read).
        var position: ReadingPosition
        /// Each window's place, the most recent first.
        var windows: [WindowPosition]?

        var places: [WindowPosition] { windows ?? [WindowPosition(position: position, owner: nil)] }

        /// Drops the farthest place of the longest history; false when no history has one.
        mutating func dropFarthestHistoryPlace() -> Bool {
            func length(_ position: ReadingPosition) -> Int { position.history.map { $0.back.count + $0.forward.count } ?? 0 }
            guard var windows, let index = windows.indices.max(by: { length(windows[$0].position) < length(windows[$1].position) }),
                  var history = windows[index].position.history, history.dropFarthest()
            else { return position.history?.dropFarthest() ?? false }
            windows[index].position.history = history
            self.windows = windows
            return true
        }
    }

    /// The saved position of the file at `path` for this window, if the file has not changed
    /// since: the most recent place no other running window holds, which becomes this
    /// window's; where every place is held, the most recent one (a new window on a document
    /// shown opens where it is read).
    public func position(forFileAt path: String) -> ReadingPosition? {
        guard let identity = FileIdentity(path: path) else { return nil }
        // Also here, not only when saving: a reader who opens a document and leaves without
        // moving saves nothing, and a killed run's temporary would stay forever.
        removeStrayTemporariesOnce()
        let file = recordPath(for: identity.path)
        return withDirectoryLocked { () -> ReadingPosition? in
            guard var record = storedRecord(in: file, of: identity) else { return nil }
            var places = record.places
            // Places in a history that cannot be are left out, the rest kept.
            guard let index = places.indexToTake(for: owner) else { return places.first?.position.withValidHistory }
            if places[index].owner != owner {
                places[index].owner = owner
                record.windows = places
                // Held from now on; a window that cannot say so still opens there.
                try? write(record, to: file)
            }
            lastWritten[identity.path] = places[index].position
            return places[index].position.withValidHistory
        }
    }

    /// The record in `file` for the file version `identity`, if there is a readable one.
    private func storedRecord(in file: String, of identity: FileIdentity) -> Record? {
        let bytes: [UInt8]
        switch StateFileContents(path: file, limit: Self.maximumRecordBytes) {
        case .missing:
            return nil
        case .bytes(let contents):
            bytes = contents
        case .notARegularFile(let kind):
            noteForeign(file, kind: kind)
            return nil
        case .tooLarge(let size):
            warnOnce(localized("ignoring the reading-position file '%1$s': at %2$s bytes it is not a reading position; it will be replaced",
                               file, String(size)))
            return nil
        case .unreadable(let reason):
            warnOnce(localized("cannot read the reading-position file '%1$s': %2$s", file, reason))
            return nil
        }
        guard let record = try? JSONDecoder().decode(Record.self, from: Data(bytes)),
              record.path == identity.path, record.windows?.count ?? 0 <= [WindowPosition].maximumCount,
              ([record.position] + record.places.map(\.position)).allSatisfy({
                  $0.anchor.fraction.isFinite && $0.zoomScale.isFinite && $0.zoomScale > 0 })
        else {
            warnOnce(localized("ignoring the unreadable reading-position file '%s'; it will be replaced", file))
            return nil
        }
        guard record.size == identity.size, record.modificationSeconds == identity.modificationSeconds else { return nil }
        return record
    }

    /// Runs `body` holding the lock on the state directory (flock(2), for the few
    /// milliseconds of a read and a write), or without it when there is no directory yet.
    private func withDirectoryLocked<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        return try body()
    }

    private func write(_ record: Record, to file: String) throws(AtomicFile.Failure) {
        var record = record
        // The windows' places carry the histories; the most recent place's copy would only
        // double the record (versions before histories read it, and ignore them).
        if record.windows != nil { record.position.history = nil }
        // Encoding plain numbers and strings cannot fail. Histories too long for a record (long
        // paths, several windows) lose their farthest places, the longest first.
        var bytes = (try? JSONEncoder().encode(record)).map { Array($0) } ?? []
        while bytes.count > Self.maximumRecordBytes, record.dropFarthestHistoryPlace() {
            bytes = (try? JSONEncoder().encode(record)).map { Array($0) } ?? []
        }
        try AtomicFile.write(bytes, to: file)
    }

    private func removeStrayTemporariesOnce() {
        guard !hasRemovedStrayTemporaries else { return }
        hasRemovedStrayTemporaries = true
        AtomicFile.removeStrayTemporaries(in: directory)
    }

    /// The most recently saved place of the file at `path`, if the file has not changed
    /// since, taking no place for this window (the home's progress under each document).
    public func latestPosition(forFileAt path: String) -> ReadingPosition? {
        guard let identity = FileIdentity(path: path) else { return nil }
        return storedRecord(in: recordPath(for: identity.path), of: identity)?.places.first?.position
    }

    /// Saves the position for the file at `path`, unless it is what was saved last.
    public func save(_ position: ReadingPosition, forFileAt path: String) {
        guard let identity = FileIdentity(path: path), lastWritten[identity.path] != position else { return }
        let file = recordPath(for: identity.path)
        guard !foreignRecords.contains(file) else { return }
        if case .notARegularFile(let kind) = StateFileContents(path: file, limit: 0) {
            noteForeign(file, kind: kind)
            return
        }
        do throws(AtomicFile.Failure) {
            try AtomicFile.createDirectories(directory)
            removeStrayTemporariesOnce()
            try withDirectoryLocked { () throws(AtomicFile.Failure) in
                // The other windows' places as they are now, this one's as it is.
                var places = storedRecord(in: file, of: identity)?.places ?? []
                places.save(position, of: owner)
                try write(Record(path: identity.path, size: identity.size, modificationSeconds: identity.modificationSeconds,
                                 position: position, windows: places), to: file)
            }
            lastWritten[identity.path] = position
        } catch {
            warnOnce(localized("cannot save the reading position: %s", error.description))
        }
    }

    private func noteForeign(_ file: String, kind: String) {
        guard foreignRecords.insert(file).inserted else { return }
        warnOnce(localized("the reading-position file '%1$s' is %2$s, not a regular file; the reading position of this document is not saved",
                           file, kind))
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
        warn(message)
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
