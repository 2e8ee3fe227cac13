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

    /// The largest first chapter read while the book opens: 1 MB of XHTML, which libxml2
    /// parses in about 10 ms, and far more than a chapter of a novel (about 50 KB). A larger one
    /// (a hostile 50 MB chapter) is read on the worker, behind a placeholder, so the window
    /// comes at once.
    static let firstChapterReadLimitBytes = 1 << 20

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
        // A book opens off the frame loop (before it starts, or on a worker), so its first
        // chapter can be read here and the first frame show its text, not a placeholder.
        if chapters.chapterCount > 0, chapters.byteCount(ofChapter: 0) <= EPUBKind.firstChapterReadLimitBytes {
            document.readChapter(0)
        }
        return document
    }
}
