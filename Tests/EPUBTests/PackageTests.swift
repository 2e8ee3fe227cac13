import ArchiveFixtures
@testable import ArchiveKit
import DocumentKit
@testable import EPUBKind
import Foundation
import XCTest

/// EPUB 2 and 3 books the tests write: metadata, manifest, spine, cover, table of contents.
final class PackageTests: XCTestCase {
    private let operations = "http://www.idpf.org/2007/ops"

    func testAnEPUB3Book() throws {
        let path = try TestBooks.write([
            TestBooks.mimetype, TestBooks.container("OEBPS/package/book.opf"),
            TestBooks.package("OEBPS/package/book.opf", uniqueIdentifier: "pub-id", metadata: """
                <dc:identifier id="isbn">urn:isbn:9780000000000</dc:identifier>
                <dc:identifier id="pub-id">
                  urn:uuid:0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0
                </dc:identifier>
                <dc:title id="sub">A Subtitle</dc:title>
                <dc:title id="main">  The   Main
                  Title </dc:title>
                <meta refines="#main" property="title-type">main</meta>
                <dc:creator>Ada Writer</dc:creator>
                <dc:creator>Bo Second</dc:creator>
                <dc:language>ru-RU</dc:language>
                """, manifest: """
                <item id="nav" href="../nav/toc.xhtml" media-type="application/xhtml+xml" properties="nav"/>
                <item id="c1" href="../Text/chapter%201.xhtml" media-type="application/xhtml+xml"/>
                <item id="c2" href="../Text/./chapter2.xhtml#ignored" media-type="application/xhtml+xml" properties="svg scripted"/>
                <item id="notes" href="/OEBPS/Text/notes.xhtml" media-type="application/xhtml+xml"/>
                <item id="cover" href="../Images/cover.jpg" media-type="image/jpeg" properties="cover-image"/>
                <item id="web" href="http://example.com/x.css" media-type="text/css"/>
                """, spine: """
                <itemref idref="c1"/>
                <itemref idref="c2" properties="page-spread-left"/>
                <itemref idref="notes" linear="no"/>
                """, spineAttributes: " page-progression-direction=\"rtl\""),
            TestBooks.navigation("OEBPS/nav/toc.xhtml", list: """
                <ol>
                  <li><a href="../Text/chapter%201.xhtml">Chapter
                      <em>One</em></a>
                    <ol>
                      <li><a href="../Text/chapter%201.xhtml#sec-1.1">Section 1.1</a></li>
                      <li><span>Unlinked heading</span>
                        <ol><li><a href="../Text/chapter2.xhtml#s%C3%A9">Deeper</a></li></ol>
                      </li>
                    </ol>
                  </li>
                  <li><a href="../Text/notes.xhtml">Notes</a></li>
                  <li><a href="https://example.com/">Outside</a></li>
                </ol>
                """, extraNavs: "<nav epub:type=\"landmarks\"><ol><li><a href=\"../Text/notes.xhtml\">Landmark</a></li></ol></nav>"),
            TestBooks.chapter("OEBPS/Text/chapter 1.xhtml", title: "One"),
            TestBooks.chapter("OEBPS/Text/chapter2.xhtml", title: "Two"),
            TestBooks.chapter("OEBPS/Text/notes.xhtml", title: "Notes"),
            ArchiveEntry("OEBPS/Images/cover.jpg", bytes: [0xFF, 0xD8, 0xFF]),
        ], self)
        let package = try EPUBPackage(archive: ZipArchive(path: path))
        XCTAssertEqual(package.packageEntryName, "OEBPS/package/book.opf")
        XCTAssertEqual(package.version, "3.0")
        XCTAssertEqual(package.title, "The Main Title", "the main title, white space collapsed")
        XCTAssertEqual(package.creators, ["Ada Writer", "Bo Second"])
        XCTAssertEqual(package.language, "ru-RU")
        XCTAssertEqual(package.uniqueIdentifier, "urn:uuid:0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0")
        XCTAssertEqual(package.identifiers, ["urn:isbn:9780000000000", "urn:uuid:0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0"])
        XCTAssertEqual(package.manifest.map(\.id), ["nav", "c1", "c2", "notes", "cover"], "the web resource is not in the book")
        XCTAssertEqual(package.item(withID: "c1")?.entryName, "OEBPS/Text/chapter 1.xhtml", "resolved and %XX decoded")
        XCTAssertEqual(package.item(withID: "c2")?.entryName, "OEBPS/Text/chapter2.xhtml")
        XCTAssertEqual(package.item(withID: "c2")?.properties, ["svg", "scripted"])
        XCTAssertEqual(package.item(withID: "notes")?.entryName, "OEBPS/Text/notes.xhtml", "a root-relative href")
        XCTAssertEqual(package.item(withID: "nav")?.isNavigationDocument, true)
        XCTAssertEqual(package.item(atEntry: "OEBPS/Images/cover.jpg")?.id, "cover")
        XCTAssertEqual(package.spine.map(\.item.id), ["c1", "c2", "notes"])
        XCTAssertEqual(package.spine.map(\.isLinear), [true, true, false])
        XCTAssertEqual(package.spine[1].properties, ["page-spread-left"])
        XCTAssertEqual(package.skippedSpineItemCount, 0)
        XCTAssertEqual(package.pageProgression, .rightToLeft)
        XCTAssertEqual(package.cover?.entryName, "OEBPS/Images/cover.jpg")
        XCTAssertEqual(package.layout, .reflowable)
        XCTAssertEqual(package.spine.map(\.layout), [.reflowable, .reflowable, .reflowable])
        XCTAssertEqual(package.obfuscatedResources, [])

        let contents = try package.tableOfContents(in: ZipArchive(path: path))
        XCTAssertEqual(contents.source, .navigationDocument(entryName: "OEBPS/nav/toc.xhtml"))
        XCTAssertFalse(contents.isTruncated)
        XCTAssertEqual(contents.count, 6)
        XCTAssertEqual(contents.entries.map(\.title), ["Chapter One", "Notes", "Outside"], "the toc nav, not the landmarks")
        XCTAssertEqual(contents.entries[0].target, EPUBLocation(entryName: "OEBPS/Text/chapter 1.xhtml"))
        XCTAssertEqual(contents.entries[0].children.map(\.title), ["Section 1.1", "Unlinked heading"])
        XCTAssertEqual(contents.entries[0].children[0].target,
                       EPUBLocation(entryName: "OEBPS/Text/chapter 1.xhtml", fragment: "sec-1.1"))
        XCTAssertNil(contents.entries[0].children[1].target, "a span heads its children without a link")
        XCTAssertEqual(contents.entries[0].children[1].children.first?.target,
                       EPUBLocation(entryName: "OEBPS/Text/chapter2.xhtml", fragment: "sé"))
        XCTAssertNil(contents.entries[2].target, "a link out of the book leads nowhere in it")
    }

    func testAnEPUB2BookWithAnNCXAndACoverMeta() throws {
        let path = try TestBooks.write([
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(version: "2.0", uniqueIdentifier: "BookId", metadata: """
                <dc-metadata>
                  <dc:title>Old Book</dc:title>
                  <dc:creator opf:role="aut" xmlns:opf="http://www.idpf.org/2007/opf">Old Author</dc:creator>
                  <dc:identifier id="BookId">urn:uuid:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee</dc:identifier>
                </dc-metadata>
                <meta name="cover" content="cover-img"/>
                """, manifest: """
                <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
                <item id="cover-img" href="images/cover.png" media-type="image/png"/>
                <item id="c1" href="text/one.html" media-type="application/xhtml+xml"/>
                <item id="c2" href="text/two.html" media-type="application/xhtml+xml"/>
                """, spine: "<itemref idref=\"c1\"/><itemref idref=\"c2\"/>", spineAttributes: " toc=\"ncx\""),
            TestBooks.ncx("OEBPS/toc.ncx", navMap: """
                <navPoint id="p1" playOrder="1"><navLabel><text>First
                   chapter</text></navLabel><content src="text/one.html"/>
                  <navPoint id="p1.1" playOrder="2"><navLabel><text>Part</text></navLabel><content src="text/one.html#part"/></navPoint>
                </navPoint>
                <navPoint id="p2" playOrder="3"><navLabel><text>Second</text></navLabel><content src="text/two.html"/></navPoint>
                """),
            TestBooks.chapter("OEBPS/text/one.html", title: "One"),
            TestBooks.chapter("OEBPS/text/two.html", title: "Two"),
            ArchiveEntry("OEBPS/images/cover.png", bytes: [0x89, 0x50, 0x4E, 0x47]),
        ], self)
        let package = try EPUBPackage(archive: ZipArchive(path: path))
        XCTAssertEqual(package.version, "2.0")
        XCTAssertEqual(package.title, "Old Book")
        XCTAssertEqual(package.creators, ["Old Author"])
        XCTAssertNil(package.language)
        XCTAssertEqual(package.uniqueIdentifier, "urn:uuid:aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee")
        XCTAssertEqual(package.cover?.entryName, "OEBPS/images/cover.png")
        XCTAssertEqual(package.spine.map(\.item.entryName), ["OEBPS/text/one.html", "OEBPS/text/two.html"])
        XCTAssertEqual(package.pageProgression, .default)
        let contents = try package.tableOfContents(in: ZipArchive(path: path))
        XCTAssertEqual(contents.source, .ncx(entryName: "OEBPS/toc.ncx"))
        XCTAssertEqual(contents.entries.map(\.title), ["First chapter", "Second"])
        XCTAssertEqual(contents.entries[0].children, [
            EPUBNavigationEntry(title: "Part", target: EPUBLocation(entryName: "OEBPS/text/one.html", fragment: "part")),
        ])
        XCTAssertEqual(contents.entries[1].target, EPUBLocation(entryName: "OEBPS/text/two.html"))
    }

    /// Without a nav document's toc the NCX serves, and without either, no contents.
    func testTheNCXServesWhenTheNavigationDocumentHasNoContents() throws {
        let manifest = """
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            <item id="toc" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
            """
        let ncx = TestBooks.ncx("OEBPS/toc.ncx", navMap: "<navPoint><navLabel><text>From NCX</text></navLabel><content src=\"chapter1.xhtml\"/></navPoint>")
        let emptyNav = TestBooks.navigation("OEBPS/nav.xhtml", list: "<ol></ol>")
        let archive = try ZipArchive(path: TestBooks.write(TestBooks.minimal(extra: [emptyNav, ncx], manifestExtra: manifest), self))
        let package = try EPUBPackage(archive: archive)
        XCTAssertEqual(package.tableOfContents(in: archive).entries.map(\.title), ["From NCX"],
                       "no spine toc: the NCX by its media type")
        let noneArchive = try ZipArchive(path: TestBooks.write(TestBooks.minimal(), self))
        XCTAssertEqual(try EPUBPackage(archive: noneArchive).tableOfContents(in: noneArchive), EPUBTableOfContents())
    }

    func testMissingAndDuplicateManifestItems() throws {
        let path = try TestBooks.write([
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(metadata: TestBooks.metadata(), manifest: """
                <item id="c1" href="one.xhtml" media-type="application/xhtml+xml"/>
                <item id="c1" href="impostor.xhtml" media-type="application/xhtml+xml"/>
                <item id="gone" href="not-in-the-zip.xhtml" media-type="application/xhtml+xml"/>
                <item href="no-id.xhtml" media-type="application/xhtml+xml"/>
                <item id="no-href" media-type="application/xhtml+xml"/>
                <item id="c2" href="two.xhtml" media-type="application/xhtml+xml"/>
                <item id="up" href="../../../../etc/passwd" media-type="application/xhtml+xml"/>
                """, spine: """
                <itemref idref="missing"/>
                <itemref idref="c1"/>
                <itemref/>
                <itemref idref="gone"/>
                <itemref idref="up"/>
                <itemref idref="c2"/>
                <itemref idref="c1"/>
                """),
            TestBooks.chapter("OEBPS/one.xhtml", title: "One"),
            TestBooks.chapter("OEBPS/impostor.xhtml", title: "Impostor"),
            TestBooks.chapter("OEBPS/two.xhtml", title: "Two"),
        ], self)
        let package = try EPUBPackage(archive: ZipArchive(path: path))
        XCTAssertEqual(package.manifest.map(\.id), ["c1", "gone", "c2", "up"])
        XCTAssertEqual(package.item(withID: "c1")?.entryName, "OEBPS/one.xhtml", "the first of a repeated id")
        XCTAssertEqual(package.item(withID: "up")?.entryName, "etc/passwd", "`..` stops at the archive's root")
        XCTAssertEqual(package.spine.map(\.item.entryName), ["OEBPS/one.xhtml", "OEBPS/two.xhtml", "OEBPS/one.xhtml"])
        XCTAssertEqual(package.skippedSpineItemCount, 4, "missing, no idref, not in the zip, outside it")
    }

    func testASpineOfTenThousandItemsIsReadFast() throws {
        let count = 10_000
        let manifest = (0..<count).map { "<item id=\"c\($0)\" href=\"c\($0).xhtml\" media-type=\"application/xhtml+xml\"/>" }
        let spine = (0..<count).map { "<itemref idref=\"c\($0)\"/>" }
        var entries = [TestBooks.mimetype, TestBooks.container(),
                       TestBooks.package(metadata: TestBooks.metadata(), manifest: manifest.joined(separator: "\n"),
                                         spine: spine.joined(separator: "\n"))]
        for index in 0..<count { entries.append(ArchiveEntry("OEBPS/c\(index).xhtml", "<html/>", stored: true)) }
        let path = try TestBooks.write(entries, self)
        var package: EPUBPackage?
        package = try EPUBPackage(archive: ZipArchive(path: path))
        XCTAssertEqual(package?.spine.count, count)
        XCTAssertEqual(package?.spine.last?.item.entryName, "OEBPS/c9999.xhtml")
    }

    func testADeepNavigationStopsAtItsDepth() throws {
        let levels = 100
        let list = String(repeating: "<ol><li><a href=\"chapter1.xhtml\">level</a>", count: levels)
            + String(repeating: "</li></ol>", count: levels)
        let nav = TestBooks.navigation("OEBPS/nav.xhtml", list: list)
        let archive = try ZipArchive(path: TestBooks.write(TestBooks.minimal(
            extra: [nav], manifestExtra: "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>"),
            self))
        let package = try EPUBPackage(archive: archive)
        let contents = package.tableOfContents(in: archive)
        var depth = 0
        var level = contents.entries
        while let first = level.first {
            depth += 1
            level = first.children
        }
        XCTAssertEqual(depth, EPUBTableOfContents.maximumDepth)
        XCTAssertTrue(contents.isTruncated)
    }

    func testAHostileNCXStopsAtTheEntryCount() throws {
        // 20,000 points, each with a child: 40,000 entries asked for.
        let point = "<navPoint><navLabel><text>P</text></navLabel><content src=\"chapter1.xhtml\"/>"
            + "<navPoint><navLabel><text>C</text></navLabel><content src=\"chapter1.xhtml#c\"/></navPoint></navPoint>"
        let ncx = TestBooks.ncx("OEBPS/toc.ncx", navMap: String(repeating: point, count: 20_000))
        let archive = try ZipArchive(path: TestBooks.write(TestBooks.minimal(
            extra: [ncx], manifestExtra: "<item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/>"), self))
        let contents = try EPUBPackage(archive: archive).tableOfContents(in: archive)
        XCTAssertEqual(contents.count, EPUBTableOfContents.maximumEntryCount)
        XCTAssertTrue(contents.isTruncated)
    }

    func testDRMIsRefusedAndObfuscatedFontsAreListed() throws {
        func encryption(_ items: [(algorithm: String?, uri: String)]) -> ArchiveEntry {
            let data = items.map { item in
                """
                <enc:EncryptedData>
                  \(item.algorithm.map { "<enc:EncryptionMethod Algorithm=\"\($0)\"/>" } ?? "")
                  <enc:CipherData><enc:CipherReference URI="\(item.uri)"/></enc:CipherData>
                </enc:EncryptedData>
                """
            }
            return ArchiveEntry("META-INF/encryption.xml", """
                <?xml version="1.0"?>
                <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"
                    xmlns:enc="http://www.w3.org/2001/04/xmlenc#">\(data.joined())</encryption>
                """)
        }
        let fonts = encryption([("http://www.idpf.org/2008/embedding", "OEBPS/fonts/a.otf"),
                                ("http://ns.adobe.com/pdf/enc#RC", "OEBPS/fonts/b%20c.ttf")])
        let package = try EPUBPackage(archive: ZipArchive(path: TestBooks.write(TestBooks.minimal(extra: [fonts]), self)))
        XCTAssertEqual(package.obfuscatedResources, [
            EPUBObfuscatedResource(entryName: "OEBPS/fonts/a.otf", algorithm: .idpf),
            EPUBObfuscatedResource(entryName: "OEBPS/fonts/b c.ttf", algorithm: .adobe),
        ])
        XCTAssertEqual(package.obfuscation(ofEntry: "OEBPS/fonts/a.otf"), .idpf)
        XCTAssertNil(package.obfuscation(ofEntry: "OEBPS/chapter1.xhtml"))
        for hostile in [encryption([("http://www.idpf.org/2008/embedding", "OEBPS/fonts/a.otf"),
                                    ("http://www.w3.org/2001/04/xmlenc#aes128-cbc", "OEBPS/chapter1.xhtml")]),
                        encryption([(nil, "OEBPS/chapter1.xhtml")]),
                        encryption([("http://www.w3.org/2001/04/xmlenc#aes256-cbc", "OEBPS/fonts/a.otf")])] {
            let path = try TestBooks.write(TestBooks.minimal(extra: [hostile]), self)
            XCTAssertThrowsError(try EPUBPackage(archive: ZipArchive(path: path))) { error in
                XCTAssertEqual(error as? EPUBError, .protectedByDRM)
                XCTAssertEqual((error as? EPUBError)?.documentError(path: "book.epub"),
                               DocumentError.cannotOpen(path: "book.epub", reason: "it is protected by DRM"))
                XCTAssertEqual((error as? EPUBError)?.documentError(path: "book.epub").description,
                               "cannot open 'book.epub': it is protected by DRM")
            }
        }
    }

    func testFixedLayoutBooksAndTheirViewports() throws {
        let manifest = """
            <item id="p1" href="p1.xhtml" media-type="application/xhtml+xml"/>
            <item id="p2" href="p2.xhtml" media-type="application/xhtml+xml"/>
            <item id="p3" href="p3.xhtml" media-type="application/xhtml+xml"/>
            """
        let style = "<style>" + String(repeating: "p { margin: 0 } ", count: 2_000) + "</style>"
        let path = try TestBooks.write([
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(metadata: TestBooks.metadata(extra: """
                <meta property="rendition:layout">pre-paginated</meta>
                <meta property="rendition:viewport">width=600, height=800</meta>
                """), manifest: manifest, spine: """
                <itemref idref="p1"/>
                <itemref idref="p2" properties="rendition:layout-reflowable"/>
                <itemref idref="p3" properties="page-spread-right"/>
                """),
            TestBooks.chapter("OEBPS/p1.xhtml", title: "P1", body: String(repeating: "<p>text</p>", count: 50_000),
                              head: style + "<META NAME=\"viewport\" content=\"width=1200 ; height=1600.5\"/>"),
            TestBooks.chapter("OEBPS/p2.xhtml", title: "P2"),
            TestBooks.chapter("OEBPS/p3.xhtml", title: "P3", head: "<meta name=\"viewport\" content=\"width=device-width\"/>"),
        ], self)
        let archive = try ZipArchive(path: path)
        let package = try EPUBPackage(archive: archive)
        XCTAssertEqual(package.layout, .prePaginated)
        XCTAssertEqual(package.spine.map(\.layout), [.prePaginated, .reflowable, .prePaginated])
        XCTAssertEqual(package.viewport, EPUBViewport(widthPixels: 600, heightPixels: 800))
        XCTAssertEqual(package.viewport(of: package.spine[0], in: archive), EPUBViewport(widthPixels: 1200, heightPixels: 1600.5))
        XCTAssertEqual(package.viewport(of: package.spine[2], in: archive), EPUBViewport(widthPixels: 600, heightPixels: 800),
                       "device-width is no size: the package's")
        XCTAssertNil(EPUBViewport(parsing: "width=0, height=100"))
        XCTAssertNil(EPUBViewport(parsing: "width=100"))
        XCTAssertNil(EPUBViewport(parsing: "width=1e9, height=100"))
        XCTAssertEqual(EPUBViewport(parsing: " HEIGHT = 10,width=20px"), EPUBViewport(widthPixels: 20, heightPixels: 10))
    }

    func testContainerMistakesAndEmptySpines() throws {
        // No container: the first .opf.
        var entries = TestBooks.minimal()
        entries.remove(at: 1)
        XCTAssertEqual(try EPUBPackage(archive: ZipArchive(path: TestBooks.write(entries, self))).title, "A Test Book")
        // A container naming a package that is not there.
        entries = TestBooks.minimal()
        entries[1] = TestBooks.container("OEBPS/elsewhere.opf")
        XCTAssertThrowsError(try EPUBPackage(archive: ZipArchive(path: TestBooks.write(entries, self)))) { error in
            XCTAssertEqual(error as? EPUBError, .missingEntry(name: "OEBPS/elsewhere.opf"))
            XCTAssertEqual((error as? EPUBError)?.description, "it is damaged: it has no file 'OEBPS/elsewhere.opf'")
        }
        // Neither container nor package: a zip that is no book.
        XCTAssertThrowsError(try EPUBPackage(archive: ZipArchive(path: TestBooks.write([ArchiveEntry("a.txt", "a")], self)))) { error in
            XCTAssertEqual(error as? EPUBError, .missingEntry(name: "META-INF/container.xml"))
        }
        // A package that is not XML.
        entries = TestBooks.minimal()
        entries[2] = ArchiveEntry("OEBPS/content.opf", "not xml at all")
        XCTAssertThrowsError(try EPUBPackage(archive: ZipArchive(path: TestBooks.write(entries, self)))) { error in
            XCTAssertEqual(error as? EPUBError, .damaged(detail: "its package document 'OEBPS/content.opf' is not one"))
        }
        // A spine with nothing the book holds.
        entries = TestBooks.minimal()
        entries.removeLast()
        XCTAssertThrowsError(try EPUBPackage(archive: ZipArchive(path: TestBooks.write(entries, self)))) { error in
            XCTAssertEqual(error as? EPUBError, .damaged(detail: "its reading order lists no document the book holds"))
        }
    }

    func testHrefsResolveInsideTheArchive() {
        let base = "OEBPS/Text/ch1.xhtml"
        XCTAssertEqual(EPUBLocation(href: "ch2.xhtml#a%20b", relativeTo: base), EPUBLocation(entryName: "OEBPS/Text/ch2.xhtml", fragment: "a b"))
        XCTAssertEqual(EPUBLocation(href: "#note1", relativeTo: base), EPUBLocation(entryName: base, fragment: "note1"))
        XCTAssertEqual(EPUBLocation(href: "../../../../x.xhtml", relativeTo: base), EPUBLocation(entryName: "x.xhtml"))
        XCTAssertEqual(EPUBLocation(href: "/x.xhtml?query", relativeTo: base), EPUBLocation(entryName: "x.xhtml"))
        XCTAssertEqual(EPUBLocation(href: "./a//b/../c.xhtml", relativeTo: base), EPUBLocation(entryName: "OEBPS/Text/a/c.xhtml"))
        XCTAssertEqual(EPUBLocation(href: "%E4%B8%AD.xhtml", relativeTo: "x.opf"), EPUBLocation(entryName: "中.xhtml"))
        XCTAssertEqual(EPUBLocation(href: "100%.xhtml", relativeTo: "x.opf"), EPUBLocation(entryName: "100%.xhtml"))
        XCTAssertEqual(EPUBLocation(href: "a:b.xhtml", relativeTo: "x.opf")?.entryName, nil, "a scheme")
        XCTAssertEqual(EPUBLocation(href: "1:b.xhtml", relativeTo: "x.opf")?.entryName, "1:b.xhtml", "no scheme starts with a digit")
        XCTAssertNil(EPUBLocation(href: "mailto:a@b", relativeTo: base))
        XCTAssertNil(EPUBLocation(href: "", relativeTo: base))
        XCTAssertNil(EPUBLocation(href: "folder/", relativeTo: base))
        // Plain names, which skip decoding: beside the base, as the general path puts them.
        XCTAssertEqual(EPUBLocation(href: "Images/a-b_c.2.png", relativeTo: base), EPUBLocation(entryName: "OEBPS/Text/Images/a-b_c.2.png"))
        XCTAssertEqual(EPUBLocation(href: "c1.xhtml", relativeTo: "content.opf"), EPUBLocation(entryName: "c1.xhtml"))
        XCTAssertEqual(EPUBLocation(href: "a/.../b.xhtml", relativeTo: base), EPUBLocation(entryName: "OEBPS/Text/a/.../b.xhtml"))
        XCTAssertEqual(EPUBLocation(href: "a/../b.xhtml", relativeTo: base), EPUBLocation(entryName: "OEBPS/Text/b.xhtml"))
        XCTAssertTrue(EPUBLocation.isPlainRelativePath("Text/chapter1.xhtml"))
        for href in ["a/../b", "./b", "a//b", "/b", "b/", "a b", "b#c", "..", "."] {
            XCTAssertFalse(EPUBLocation.isPlainRelativePath(href), href)
        }
    }
}
