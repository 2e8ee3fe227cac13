import ComicKind
import DjVuKind
import DocumentKit
import EPUBKind
import ImageDecoding
import ImageKind
import Localization
import Machinery
import PDFKind
import TextKind

/// Every kind Glide shows, and how a path becomes a document: the one place the kinds are
/// named. A file is recognised by its bytes (`DocumentKind.recognises`), a folder is a
/// collection of images.
public enum KindRegistry {
    /// The kinds, asked in this order; the first that recognises a file opens it. An EPUB is a
    /// zip too: EPUBKind is asked before ComicKind.
    public static let kinds: [any DocumentKind.Type] = [PDFKind.self, DjVuKind.self, EPUBKind.self, ComicKind.self, ImageKind.self, TextKind.self]

    /// The MIME types of what the kinds show, as the desktop entry lists them (a test keeps
    /// the two the same): for the file chooser's filter.
    public static let shownMIMETypes = [
        "text/plain", "text/markdown", "text/x-markdown", "image/png", "image/jpeg", "image/gif", "image/webp", "image/avif",
        "image/svg+xml", "image/tiff", "image/bmp", "application/pdf", "application/epub+zip", "application/vnd.comicbook+zip",
        "application/vnd.comicbook-rar", "application/x-cbz", "application/x-cbr", "application/x-cb7", "application/x-cbt",
        "image/vnd.djvu", "image/x-djvu",
    ]

    /// What FILE may be, for `--help`: each kind's description, in order.
    public static var fileDescriptions: [String] { kinds.map { $0.fileDescription } }

    /// Opens the file or folder at `path`: a folder is an image collection; a file is opened by
    /// the kind its bytes say it is; anything else is refused with
    /// `DocumentError.unsupportedFormat`.
    public static func open(_ path: String) throws(DocumentError) -> any LoadedDocument {
        try openKnowingKind(path).document
    }

    /// A document opened with what the strip of several files needs to know of it: text and
    /// images join a strip as text pages.
    enum Opened {
        case text(TextDocument)
        case images(ImageCollection)
        case other(any LoadedDocument)

        var document: any LoadedDocument {
            switch self {
            case .text(let text): text
            case .images(let images): images
            case .other(let other): other
            }
        }
    }

    /// `isCancelled`: see `SourceBytes(path:isCancelled:)`.
    static func openKnowingKind(_ path: String, isCancelled: @escaping () -> Bool = { false }) throws(DocumentError) -> Opened {
        if ImageDirectory.isDirectory(path) { return .images(try ImageCollection(folder: path)) }
        let source = try SourceBytes(path: path, isCancelled: isCancelled)
        let kind = try self.kind(of: path, source: source)
        switch ObjectIdentifier(kind) {
        case ObjectIdentifier(TextKind.self): return .text(TextDocument(path: path, source: source))
        case ObjectIdentifier(ImageKind.self):
            // A TIFF of several directories is a collection of its pages.
            if let pages = multiPageTIFF(path, head: source.head(FileFormat.sniffedBytes)) {
                return .images(ImageCollection(multiPageTIFFAt: path, directories: pages))
            }
            return .images(ImageCollection(title: FilePath.name(of: path), imagePaths: [path]))
        default: return .other(try kind.open(path: path, source: source))
        }
    }

    /// The kind that shows the file at `path`, whose bytes `source` reads; why none does.
    private static func kind(of path: String, source: SourceBytes) throws(DocumentError) -> any DocumentKind.Type {
        let head = source.head(FileFormat.sniffedBytes)
        guard let kind = kinds.first(where: { $0.recognises(head: head, path: path) }) else {
            if case .unsupported(let name) = FileFormat.recognise(head: head, path: path) {
                throw .unsupportedFormat(path: path, name: name)
            }
            throw .unsupportedFormat(path: path, name: "binary")
        }
        return kind
    }

    /// The paths among `paths` that a kind shows, as far as their first bytes tell (a folder
    /// is one); `report` gets why each of the others cannot be shown, as opening it would
    /// say. For files handed to another window (a drop).
    public static func showable(_ paths: [String], reporting report: (DocumentError) -> Void) -> [String] {
        paths.filter { path in
            do throws(DocumentError) {
                if !ImageDirectory.isDirectory(path) { _ = try kind(of: path, source: try SourceBytes(path: path)) }
                return true
            } catch {
                report(error)
                return false
            }
        }
    }

    /// The MIME type of the file or folder at `path` as the kind that shows it names it (a
    /// folder of images is `inode/directory`); nil when it cannot be read or no kind shows it.
    public static func mimeType(ofFileAt path: String) -> String? {
        if ImageDirectory.isDirectory(path) { return "inode/directory" }
        guard let source = try? SourceBytes(path: path) else { return nil }
        let head = source.head(FileFormat.sniffedBytes)
        return kinds.first { $0.recognises(head: head, path: path) }?.mimeType(head: head, path: path)
    }

    /// Opens a file the reader opened on its own: as `open(_:)`, except that an image opens its
    /// folder's images as the collection, at that image (as Loupe does), so the next and
    /// previous pictures are a swipe away.
    public static func openAlone(_ path: String) throws(DocumentError) -> any LoadedDocument {
        guard !ImageDirectory.isDirectory(path), ImageDirectory.hasImageExtension(path) else { return try open(path) }
        // A multi-page TIFF shows its own pages, not its folder's images.
        if let source = try? SourceBytes(path: path), multiPageTIFF(path, head: source.head(FileFormat.sniffedBytes)) != nil {
            return try open(path)
        }
        return ImageCollection(openingImageAt: path)
    }

    /// The directories of the file at `path` when it is a TIFF (by its bytes, `head`) of more
    /// than one page.
    private static func multiPageTIFF(_ path: String, head: [UInt8]) -> TIFFDirectories? {
        guard FileFormat.recognise(head: head, path: path) == .image(name: "TIFF"), let directories = TIFFDirectories(path: path), directories.offsets.count > 1 else { return nil }
        return directories
    }

    /// Reads the file of `document` again, as it is now, for a document shown that changed on
    /// disk: what opening it throws (deleted, now a folder, now a format Glide does not show),
    /// or that it no longer holds the same kind of content.
    public static func reload(_ document: any LoadedDocument) throws(DocumentError) -> any LoadedDocument {
        guard document.isReloadable, let path = document.path else { return document }
        let fresh = try open(path)
        guard ObjectIdentifier(type(of: fresh)) == ObjectIdentifier(type(of: document)) else {
            throw .cannotOpen(path: path, reason: localized("it no longer holds the same kind of content"))
        }
        return fresh
    }
}
