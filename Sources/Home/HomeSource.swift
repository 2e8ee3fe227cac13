import KindRegistry
import Machinery
import ReadingState

/// Where the home's documents and thumbnails come from, and where a removal goes: the
/// desktop's (`desktop`), or a test's. Each runs on a worker, never on the loop.
public struct HomeSource: Sendable {
    /// The entries, most recent first.
    public var loadEntries: @Sendable () -> [HomeEntry]
    /// A thumbnail's PNG for the file at a path; nil when there is none.
    public var loadThumbnail: @Sendable (String) -> [UInt8]?
    /// Takes a recent entry (its URI) off the desktop's list; the file stays.
    public var removeRecent: @Sendable (String) -> Void

    public init(loadEntries: @escaping @Sendable () -> [HomeEntry], loadThumbnail: @escaping @Sendable (String) -> [UInt8]?,
                removeRecent: @escaping @Sendable (String) -> Void) {
        self.loadEntries = loadEntries
        self.loadThumbnail = loadThumbnail
        self.removeRecent = removeRecent
    }

    /// The desktop's recent documents, Glide's reading positions and the shared thumbnail
    /// cache, thumbnails made by `glide-thumbnailer` (beside Glide) when missing.
    public static func desktop(guidePath: String?, applicationVersion: String) -> HomeSource {
        let cache = ThumbnailCache(applicationVersion: applicationVersion)
        let thumbnailer = FilePath.helper(named: "glide-thumbnailer")
        return HomeSource(
            loadEntries: {
                HomeEntry.load(recent: RecentDocuments(), positions: ReadingPositionStore(), guidePath: guidePath,
                               showsMIMEType: { KindRegistry.shownMIMETypes.contains($0) })
            },
            loadThumbnail: { path in
                switch ThumbnailMaker.thumbnail(ofFileAt: path, cache: cache, thumbnailer: thumbnailer) {
                case .cached(let png), .made(let png, _): return png
                case .none: return nil
                }
            },
            removeRecent: { RecentDocuments().remove(uri: $0) })
    }
}
