import ArchiveKit
import DocumentKit
import Machinery
import Localization
import TextKind

/// EPUB 2 and 3 books: read from their zip in place, their reflowable spine documents shown
/// as one text column that scrolls across chapters, a fixed-layout book's as pages
/// (`FixedLayoutBook`).
public enum EPUBKind: DocumentKind {
    public static var fileDescription: String { localized("an EPUB book") }

    public static func mimeType(head: [UInt8], path: String) -> String { "application/epub+zip" }

    /// The zip's first entry is `mimetype`, stored, holding `application/epub+zip` (OCF 3.0,
    /// 4.3): its name follows the 30-byte local header, and its contents the name and the
    /// header's extra field, which OCF forbids but zip tools (libarchive's among them) add.
    public static func recognises(head: [UInt8], path: String) -> Bool {
        let signature = Array("PK\u{03}\u{04}".utf8), name = Array("mimetype".utf8), contents = Array("application/epub+zip".utf8)
        guard head.count >= 30 + name.count, Array(head[0..<4]) == signature,
              Array(head[30..<(30 + name.count)]) == name else { return false }
        let extraBytes = Int(head[28]) | Int(head[29]) << 8
        let start = 30 + name.count + extraBytes
        guard head.count >= start + contents.count else { return false }
        return Array(head[start..<(start + contents.count)]) == contents
    }

    /// The most XHTML read while the book opens: 1 MB, which libxml2 parses in about 10 ms,
    /// and far more than a chapter of a novel (about 50 KB). A larger first chapter (a hostile
    /// 50 MB one) is read on the worker, behind a placeholder, so the window comes at once.
    static let firstChapterReadLimitBytes = 1 << 20

    /// How much XHTML the first screen is taken to need: 16 KB, two or three screens of a
    /// novel's text at 1280×800 with its markup (about 3 KB of text a screen, markup doubling
    /// it), so a book that opens on a cover, a title page or a short contents page also has
    /// the start of its first chapter read.
    static let firstScreenBytes = 16 << 10

    /// At most this many chapters are read while the book opens: the cover, title, contents,
    /// dedication and epigraph pages that come before the first chapter in many books, and
    /// the chapter.
    static let firstScreenChapters = 8

    /// Reads the chapters the first screen shows while the book opens (off the frame loop:
    /// before it starts, or on a worker), so the first frame shows their text rather than
    /// placeholders; the rest are read on the worker as they come near.
    private static func readFirstScreen(of document: TextDocument, chapters: EPUBChapters) {
        var readBytes = 0
        for chapter in 0..<min(chapters.chapterCount, firstScreenChapters) {
            let bytes = chapters.byteCount(ofChapter: chapter)
            guard readBytes + bytes <= firstChapterReadLimitBytes else { return }
            document.readChapter(chapter)
            readBytes += bytes
            if readBytes >= firstScreenBytes { return }
        }
    }

    public static func open(path: String, source: SourceBytes) throws(DocumentError) -> any LoadedDocument {
        let archive: ZipArchive
        let package: EPUBPackage
        do {
            archive = try ZipArchive(path: path)
            package = try EPUBPackage(archive: archive)
        } catch {
            throw error.documentError(path: path)
        }
        let title = package.title.map { String($0.split(whereSeparator: \.isWhitespace).joined(separator: " ")) }
            .flatMap { $0.isEmpty ? nil : $0 } ?? FilePath.name(of: path)
        if FixedLayoutBook.isFixedLayout(package) {
            return FixedLayoutBook(archive: archive, package: package, title: title, path: path)
        }
        let chapters = EPUBChapters(archive: archive, package: package)
        let document = TextDocument(chapters: chapters, title: title, path: path, baseDirectory: FilePath.parent(of: path),
                                    imageSource: EPUBImages(archive: archive))
        readFirstScreen(of: document, chapters: chapters)
        return document
    }
}
