import DocumentKit
import Glibc
import Localization
import Machinery
import ReadingState

/// One document on the home: a recent document of the desktop's that Glide shows.
public struct HomeEntry: Equatable, Sendable {
    public var path: String
    public var title: String
    /// What kind of document it is, in words ("PDF", "Markdown").
    public var kindName: String
    /// How far through it the reader got, 0 to 1; nil when Glide has no position for it.
    public var progress: Double?
    /// Whether the file is there: a missing one is shown dimmed and cannot be opened.
    public var exists: Bool
    /// The desktop's recent entry, which "Remove from recent" takes off; nil for the bundled
    /// guide shown on a first run.
    public var recentURI: String?

    public init(path: String, title: String, kindName: String, progress: Double?, exists: Bool, recentURI: String?) {
        self.path = path
        self.title = title
        self.kindName = kindName
        self.progress = progress
        self.exists = exists
        self.recentURI = recentURI
    }

    /// What the home shows, read from the desktop's recent documents and Glide's reading
    /// positions (files: call it off the loop): the local documents of kinds Glide shows, most
    /// recent first, at most `limit`; with none (a first run), the bundled guide at
    /// `guidePath`.
    public static func load(recent: RecentDocuments, positions: ReadingPositionStore, guidePath: String?,
                            showsMIMEType: (String) -> Bool, limit: Int = maximumCount) -> [HomeEntry] {
        let documents = recent.documents { document in
            document.path != nil && (document.wasOpenedByGlide || showsMIMEType(document.mimeType))
        }
        var entries = documents.prefix(limit).compactMap { document -> HomeEntry? in
            guard let path = document.path else { return nil }
            return HomeEntry(path: path, title: document.title, kindName: kindName(ofMIMEType: document.mimeType),
                             progress: document.exists ? positions.latestPosition(forFileAt: path)?.progress : nil,
                             exists: document.exists, recentURI: document.uri)
        }
        if entries.isEmpty, let guidePath {
            entries = [HomeEntry(path: guidePath, title: localized("Glide's guide"), kindName: kindName(ofMIMEType: "text/markdown"),
                                 progress: positions.latestPosition(forFileAt: guidePath)?.progress, exists: true, recentURI: nil)]
        }
        return entries
    }

    /// How many documents the home lists: GTK's recent manager keeps entries for 30 days,
    /// and a reader's month is rarely more than this many documents.
    public static let maximumCount = 60

    /// The kind of a document in words, from its MIME type.
    public static func kindName(ofMIMEType type: String) -> String {
        switch type {
        case "application/pdf": return "PDF"
        case "application/epub+zip": return "EPUB"
        case "image/vnd.djvu", "image/x-djvu": return "DjVu"
        case "text/markdown", "text/x-markdown": return "Markdown"
        // TRANSLATORS: a kind of document on the home.
        case "text/plain": return localized("Text")
        case "inode/directory": return localized("Folder of images")
        default:
            if type.hasPrefix("application/vnd.comicbook") || type.hasPrefix("application/x-cb") { return localized("Comic") }
            if type.hasPrefix("image/") { return localized("Image") }
            return localized("Document")
        }
    }
}
