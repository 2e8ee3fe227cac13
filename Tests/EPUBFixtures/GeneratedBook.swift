import ArchiveFixtures
import Foundation

/// One chapter of a book written by `GeneratedBook`: its title, and its body's XHTML after
/// the `<h1>` of the title.
public struct BookChapter: Sendable {
    public var title: String
    public var body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// A chapter of plain paragraphs (escaped for XHTML).
    public init(title: String, paragraphs: [String]) {
        self.init(title: title, body: paragraphs.map { "<p>\(BookChapter.escaped($0))</p>" }.joined(separator: "\n"))
    }

    /// `text` with XML's special characters as references.
    public static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// EPUB 3 books written whole from their chapters, as a book producer lays them out: `mimetype`
/// stored first, the container, `OEBPS/content.opf`, a navigation document listing every
/// chapter, and `OEBPS/cN.xhtml` for chapter N (from 1), every chapter in the spine.
public enum GeneratedBook {
    /// The book's entries; `extra` after them.
    public static func entries(title: String, chapters: [BookChapter], extra: [ArchiveEntry] = []) -> [ArchiveEntry] {
        let names = chapters.indices.map { "c\($0 + 1).xhtml" }
        let manifest = names.enumerated().map { "<item id=\"c\($0.offset + 1)\" href=\"\($0.element)\" media-type=\"application/xhtml+xml\"/>" }
        let contents = zip(chapters, names).map { "<li><a href=\"\($1)\">\(BookChapter.escaped($0.title))</a></li>" }
        var entries = frame(title: title, metadata: "", manifest: """
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            \(manifest.joined(separator: "\n"))
            """, spine: names.indices.map { "c\($0 + 1)" })
        entries.append(ArchiveEntry("OEBPS/nav.xhtml", xhtml(title: "Contents", body: """
            <nav epub:type="toc" id="toc"><h1>Contents</h1><ol>\(contents.joined())</ol></nav>
            """)))
        for (chapter, name) in zip(chapters, names) {
            entries.append(ArchiveEntry("OEBPS/" + name, xhtml(title: chapter.title, body: "<h1>\(BookChapter.escaped(chapter.title))</h1>\n" + chapter.body)))
        }
        return entries + extra
    }

    /// A fixed-layout book (`rendition:layout` pre-paginated): a page for each of `pages`, the
    /// XHTML of its body, each declaring a viewport of `width`×`height` CSS px, in
    /// `OEBPS/pN.xhtml` for page N (from 0); `extra` after them (a page's pictures), and
    /// `manifest` lists them.
    public static func fixedLayoutEntries(title: String, pages: [String], width: Int, height: Int,
                                          manifest extraManifest: String = "", extra: [ArchiveEntry] = []) -> [ArchiveEntry] {
        let manifest = pages.indices.map { "<item id=\"p\($0)\" href=\"p\($0).xhtml\" media-type=\"application/xhtml+xml\"/>" }
        let entries = frame(title: title, metadata: "<meta property=\"rendition:layout\">pre-paginated</meta>",
                            manifest: manifest.joined(separator: "\n") + extraManifest, spine: pages.indices.map { "p\($0)" })
        let viewport = "<meta name=\"viewport\" content=\"width=\(width), height=\(height)\"/>"
        return entries + pages.enumerated().map { index, body in
            ArchiveEntry("OEBPS/p\(index).xhtml", xhtml(title: "p\(index)", body: body)
                .replacingOccurrences(of: "</title></head>", with: "</title>" + viewport + "</head>"))
        } + extra
    }

    /// `mimetype` stored first, the container, and `OEBPS/content.opf` with `metadata` after
    /// the title and language, `manifest`, and the spine of the items `spine` names.
    private static func frame(title: String, metadata: String, manifest: String, spine: [String]) -> [ArchiveEntry] {
        [
            ArchiveEntry("mimetype", "application/epub+zip", stored: true),
            ArchiveEntry("META-INF/container.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
                  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
                </container>
                """),
            ArchiveEntry("OEBPS/content.opf", """
                <?xml version="1.0" encoding="UTF-8"?>
                <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid">
                  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                    <dc:identifier id="bookid">urn:uuid:0c6d5e1a-24f0-4b8e-9d37-5b1a2e3c4d5f</dc:identifier>
                    <dc:title>\(BookChapter.escaped(title))</dc:title>
                    <dc:language>en</dc:language>\(metadata)
                  </metadata>
                  <manifest>
                    \(manifest)
                  </manifest>
                  <spine>\(spine.map { "<itemref idref=\"\($0)\"/>" }.joined())</spine>
                </package>
                """),
        ]
    }

    /// Writes the book to `path` with libarchive's zip writer (deflated, as books are).
    public static func write(title: String, chapters: [BookChapter], extra: [ArchiveEntry] = [], to path: String) throws {
        try ArchiveWriter.write(entries(title: title, chapters: chapters, extra: extra), to: path)
    }

    /// The same chapters as Markdown: `# title`, then each paragraph (plain-paragraph
    /// chapters, for a comparison with the same text outside a book).
    public static func markdown(title: String, chapters: [(title: String, paragraphs: [String])]) -> String {
        chapters.map { chapter in "# \(chapter.title)\n\n" + chapter.paragraphs.map { $0 + "\n\n" }.joined() }.joined()
    }

    /// An XHTML document with `title` and `body`.
    public static func xhtml(title: String, body: String, prolog: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        \(prolog)<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
        <head><title>\(BookChapter.escaped(title))</title></head>
        <body>\(body)</body>
        </html>
        """
    }
}
