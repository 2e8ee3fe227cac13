import FoundationEssentials
import Glibc
import Localization
import Machinery

/// One entry of the desktop's recent documents.
public struct RecentDocument: Equatable, Sendable {
    public var uri: String
    /// The local file it names; nil for a URI that is not a local file.
    public var path: String?
    /// The title the entry was given (a book's title), else the file's name.
    public var title: String
    public var mimeType: String
    /// When it was last opened, in s since 1970 (to the microsecond).
    public var visitedSeconds: Double
    /// Whether Glide itself opened it, not only another application.
    public var wasOpenedByGlide: Bool
    /// Whether the file is there now: a missing one stays listed, dimmed.
    public var exists: Bool
}

/// The desktop's recently used documents, `$XDG_DATA_HOME/recently-used.xbel` (default
/// `~/.local/share/recently-used.xbel`), shared with GTK and GNOME Files: a document opened
/// in Glide shows in Files' Recent, and one opened in Papers shows in Glide's.
///
/// Every change reads the file afresh and merges into what is there, then replaces it
/// atomically (`AtomicFile`). The file is never clobbered: when it changed between Glide's read
/// and its write (another application saved meanwhile) the change is made again on the new
/// file, and a file that does not parse (another writer caught halfway, or damage) is left as
/// it is, with one warning.
public final class RecentDocuments {
    /// The name Glide's entries carry in `bookmark:applications`.
    public static let applicationName = "Glide"
    /// How GTK's launchers start Glide again on an entry.
    static let applicationExec = "glide %u"

    public let filePath: String
    private let warn: (String) -> Void
    private var hasWarned = false

    /// GNOME's own lists run to a few MB; a file far past that is not one to rewrite.
    static let maximumFileBytes = 32 << 20
    /// How many times a change is made again on a file that another writer replaced meanwhile.
    static let attemptsAgainstOtherWriters = 4

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                warn: @escaping (String) -> Void = { printError(localized("warning: %s", $0)) }) {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) } ?? "/") + "/.local/share"
        filePath = base + "/recently-used.xbel"
        self.warn = warn
    }

    /// The entries that `includes` keeps, most recently opened first.
    public func documents(where includes: (RecentDocument) -> Bool = { _ in true }) -> [RecentDocument] {
        guard let (bookmarks, _) = read() else { return [] }
        let entries = bookmarks.uris.map { uri -> RecentDocument in
            let path = BookmarkFile.path(ofURI: uri)
            var status = stat()
            return RecentDocument(
                uri: uri, path: path,
                title: bookmarks.title(of: uri) ?? path.map { FilePath.name(of: $0) } ?? uri,
                mimeType: bookmarks.mimeType(of: uri) ?? "application/octet-stream",
                visitedSeconds: bookmarks.visitedSeconds(of: uri),
                wasOpenedByGlide: bookmarks.hasApplication(Self.applicationName, for: uri),
                exists: path.map { stat($0, &status) == 0 } ?? false)
        }
        return entries.filter(includes).sorted { $0.visitedSeconds > $1.visitedSeconds }
    }

    /// Records that Glide opened the file at `path` now.
    public func noteOpened(path: String, title: String?, mimeType: String) {
        guard let uri = BookmarkFile.uri(ofPath: Self.absolute(path)) else { return }
        update { $0.noteOpened(uri, title: title, mimeType: mimeType, application: Self.applicationName, exec: Self.applicationExec) }
    }

    /// Takes the entry off the list, for every application (as Files' "Remove from Recent").
    public func remove(uri: String) {
        update { $0.remove(uri) }
    }

    private static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let directory = getcwd(nil, 0) else { return path }
        defer { free(directory) }
        return String(cString: directory) + "/" + path
    }

    /// Called between reading the file and replacing it; tests stand another writer in here.
    var willReplaceFile: () -> Void = {}

    private func update(_ change: (BookmarkFile) -> Void) {
        for _ in 0..<Self.attemptsAgainstOtherWriters {
            guard let (bookmarks, version) = read() else { return }
            change(bookmarks)
            let bytes = bookmarks.data()
            willReplaceFile()
            do throws(AtomicFile.Failure) {
                try AtomicFile.createDirectories(FilePath.parent(of: filePath))
                // Another writer replaced the file since it was read: make the change on theirs.
                if try AtomicFile.write(bytes, to: filePath, onlyIf: { FileVersion(path: filePath) == version }) { return }
            } catch {
                warnOnce(localized("cannot save the recent documents: %s", error.description))
                return
            }
        }
        warnOnce(localized("the recent documents in '%s' kept changing; this document is not added", filePath))
    }

    /// The file as it is now and the version read, or nil (with a warning) when it is not one
    /// to read or write.
    private func read() -> (BookmarkFile, FileVersion?)? {
        let bookmarks = BookmarkFile()
        let before = FileVersion(path: filePath)
        switch StateFileContents(path: filePath, limit: Self.maximumFileBytes) {
        case .missing:
            return (bookmarks, nil)
        case .bytes(let bytes):
            guard FileVersion(path: filePath) == before else { return nil }
            if let reason = bookmarks.load(bytes) {
                warnOnce(localized("the recent documents in '%1$s' cannot be read (%2$s); they are left as they are", filePath, reason))
                return nil
            }
            return (bookmarks, before)
        case .notARegularFile(let kind):
            warnOnce(localized("the recent documents file '%1$s' is %2$s, not a regular file; it is left alone", filePath, kind))
        case .tooLarge(let size):
            warnOnce(localized("the recent documents file '%1$s' has %2$s bytes; it is left alone", filePath, String(size)))
        case .unreadable(let reason):
            warnOnce(localized("cannot read the recent documents in '%1$s': %2$s", filePath, reason))
        }
        return nil
    }

    private func warnOnce(_ message: String) {
        guard !hasWarned else { return }
        hasWarned = true
        warn(message)
    }
}

/// Which version of a file is there: a writer that replaces it (a new inode) or writes in
/// place (a new time or size) makes another.
private struct FileVersion: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    init?(path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modifiedSeconds = status.st_mtim.tv_sec
        modifiedNanoseconds = status.st_mtim.tv_nsec
    }
}
