import DocumentKit
import FoundationEssentials
import Glibc
import Localization
import Machinery

/// Where the reader was in a document: the block at the top of the window, which also fixes
/// the page of a paged view (or the page itself, for an image collection), and the zoom; and
/// how the reader chose to show its pages (`PageModes`: night pages).
public struct ReadingPosition: Codable, Equatable {
    public var anchor: ReadingAnchor
    public var zoomScale: Double
    public var pageModes: PageModes

    public init(anchor: ReadingAnchor, zoomScale: Double, pageModes: PageModes = PageModes()) {
        self.anchor = anchor
        self.zoomScale = zoomScale
        self.pageModes = pageModes
    }

    /// A record written before page modes existed has none: no choice made.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        anchor = try container.decode(ReadingAnchor.self, forKey: .anchor)
        zoomScale = try container.decode(Double.self, forKey: .zoomScale)
        pageModes = try container.decodeIfPresent(PageModes.self, forKey: .pageModes) ?? PageModes()
    }
}

/// Remembers reading positions per file under `$XDG_STATE_HOME/glide/` (default
/// `~/.local/state/glide/`), keyed by the file's path, size and modification time, so an edited
/// file starts from the top.
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

    /// A record is a few hundred bytes; anything much larger is not one, and is not read
    /// whole (a 200 MB file would cost 0.5 s and 400 MB).
    static let maximumRecordBytes = 64 << 10

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
         warn: @escaping (String) -> Void = { printError(localized("warning: %s", $0)) }) {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) } ?? "/") + "/.local/state"
        directory = base + "/glide"
        self.warn = warn
    }

    /// The stored record for one file.
    private struct Record: Codable {
        var path: String
        var size: Int64
        var modificationSeconds: Int64
        var position: ReadingPosition
    }

    /// The saved position of the file at `path`, if it has not changed since.
    public func position(forFileAt path: String) -> ReadingPosition? {
        guard let identity = FileIdentity(path: path) else { return nil }
        // Also here, not only when saving: a reader who opens a document and leaves without
        // moving saves nothing, and a killed run's temporary would stay forever.
        removeStrayTemporariesOnce()
        let file = recordPath(for: identity.path)
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
              record.path == identity.path, record.position.anchor.fraction.isFinite,
              record.position.zoomScale.isFinite, record.position.zoomScale > 0
        else {
            warnOnce(localized("ignoring the unreadable reading-position file '%s'; it will be replaced", file))
            return nil
        }
        guard record.size == identity.size, record.modificationSeconds == identity.modificationSeconds else { return nil }
        lastWritten[identity.path] = record.position
        return record.position
    }

    private func removeStrayTemporariesOnce() {
        guard !hasRemovedStrayTemporaries else { return }
        hasRemovedStrayTemporaries = true
        AtomicFile.removeStrayTemporaries(in: directory)
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
        let record = Record(path: identity.path, size: identity.size, modificationSeconds: identity.modificationSeconds,
                            position: position)
        do throws(AtomicFile.Failure) {
            try AtomicFile.createDirectories(directory)
            removeStrayTemporariesOnce()
            // Encoding plain numbers and a string cannot fail.
            let bytes = (try? JSONEncoder().encode(record)).map { Array($0) } ?? []
            try AtomicFile.write(bytes, to: file)
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
