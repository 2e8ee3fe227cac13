import ArchiveFixtures
import ArchiveKit
import DocumentKit
import EPUBKind
import Foundation
import KindRegistry
import TextKind
import XCTest

/// Issue 24's hostile books, opened as the app opens files (`KindRegistry.open`): each is
/// refused in one line or shown with a notice where it could not be read, and nothing outside
/// the book is ever read. ArchiveTests, PackageTests and XMLSafetyTests hold the same books
/// a layer down.
final class HostileBookTests: XCTestCase {
    private let sentinel = "GLIDE-SENTINEL-OUTSIDE-THE-BOOK"

    private func book(_ path: String) throws -> TextDocument {
        try XCTUnwrap(try KindRegistry.open(path) as? TextDocument, "a book is a text document of chapters")
    }

    /// The texts of every block and of every link's destination, where a sentinel could show.
    private func everything(_ book: TextDocument) -> String {
        book.blocks.map { block in
            block.text + block.styles.compactMap { style -> String? in
                if case .link(let destination) = style.kind { return " → " + destination }
                return nil
            }.joined()
        }.joined(separator: "\n")
    }

    private func notices(_ book: TextDocument) -> [String] {
        book.blocks.map(\.text).filter { $0.hasPrefix("⚠") }
    }

    private func headings(_ book: TextDocument) -> [String] {
        book.blocks.filter { $0.kind == .heading(level: 1) }.map(\.text)
    }

    private let one = BookChapter(title: "One", paragraphs: ["The first chapter reads on."])

    /// A fresh folder, removed when the test ends, for a book and the files beside it.
    private func folder() throws -> String {
        let path = temporaryPath(self, "")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    // MARK: Zip bombs

    /// A chapter whose deflate stream inflates to 10 GB (10 MB on disk, `DeflateBomb`). With
    /// the truth in its zip64 directory it is refused before anything inflates; with a
    /// directory that says 100 bytes the inflation stops at the chapter cap. Either way the
    /// chapter is a notice, the others read, and memory stays near the cap.
    func testATenGigabyteChapterIsANoticeAndCostsNoMoreThanTheCap() throws {
        let tenGigabytes = 10 << 30
        let bomb = DeflateBomb.stream(inflatingToAtLeast: tenGigabytes)
        XCTAssertGreaterThanOrEqual(bomb.inflatedBytes, tenGigabytes)
        XCTAssertLessThan(bomb.stream.count, 11 << 20, "about 1032:1")
        let entries = GeneratedBook.entries(title: "A Bomb", chapters: [one, BookChapter(title: "Two", body: "")])
        for claimed in [nil, 100] as [Int?] {
            let zip = HandWrittenZip.zip(entries.map { entry in
                guard entry.name == "OEBPS/c2.xhtml" else { return HandWrittenEntry(stored: entry) }
                return HandWrittenEntry(name: entry.name, deflated: bomb.stream, uncompressedSize: bomb.inflatedBytes, crc: 0,
                                        claimedUncompressedSize: claimed)
            }, zip64: true)
            let path = temporaryPath(self)
            try zip.write(to: URL(fileURLWithPath: path))
            let residentBefore = ResidentMemory.peakBytes()
            let opened = try book(path)
            XCTAssertEqual(headings(opened), ["One"], "claimed \(String(describing: claimed))")
            XCTAssertEqual(notices(opened), ["⚠ 'OEBPS/c2.xhtml' cannot be shown: its file 'OEBPS/c2.xhtml' is larger than 64 MB"])
            XCTAssertLessThan(ResidentMemory.peakBytes() - residentBefore, 256 << 20, "memory stayed near the 64 MB cap")
        }
    }

    /// The stream `DeflateBomb` writes is deflate: a small one inflates, with libarchive as
    /// the book's chapters do, to exactly the zeros it says.
    func testTheBombStreamInflatesToWhatItSays() throws {
        let bomb = DeflateBomb.stream(inflatingToAtLeast: 3 << 20)
        XCTAssertGreaterThanOrEqual(bomb.inflatedBytes, 3 << 20)
        XCTAssertLessThan(bomb.inflatedBytes, (3 << 20) + 1032)
        let zeros = [UInt8](repeating: 0, count: bomb.inflatedBytes)
        let path = temporaryPath(self)
        try HandWrittenZip.zip([HandWrittenEntry(name: "zeros", deflated: bomb.stream, uncompressedSize: zeros.count,
                                                 crc: CRC32.checksum(zeros))]).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try ZipArchive(path: path).data(ofEntry: "zeros", maximumBytes: 4 << 20), zeros)
    }

    // MARK: Paths out of the archive

    /// Spine items, links and images that climb out with `../`, name absolute paths, or
    /// use `file:`; entries stored under such names. Beside the book lie files those names
    /// would reach: none is shown, no link leads to a file, no image is a file's.
    func testClimbingAndAbsolutePathsReachNothingOutsideTheBook() throws {
        let directory = try folder()
        let bookFolder = directory + "/books"
        try FileManager.default.createDirectory(atPath: bookFolder + "/OEBPS", withIntermediateDirectories: true)
        for name in ["sentinel.xhtml", "sentinel.md", "books/sentinel.md", "books/?sentinel.md", "books/OEBPS/sentinel.md"] {
            try Data("<p>\(sentinel)</p>\n".utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        }
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: directory + "/sentinel.png"))
        let body = """
            <p><a href="../../sentinel.xhtml">climbs</a> <a href="\(directory)/sentinel.md">absolute</a>
            <a href="file://\(directory)/sentinel.md">file</a> <a href="../sentinel.md">beside</a>
            <a href="sentinel.md">in the folder</a> <a href="?sentinel.md">a query</a>
            <a href="../../../../../../../..\(directory)/sentinel.md">far up</a></p>
            <p><img src="../../sentinel.png" alt="climbing picture"/><img src="\(directory)/sentinel.png" alt="absolute picture"/>
            <img src="file://\(directory)/sentinel.png" alt="file picture"/></p>
            """
        var entries = GeneratedBook.entries(title: "Climbing", chapters: [BookChapter(title: "One", body: body)], extra: [
            ArchiveEntry("../sentinel-entry.xhtml", "<p>\(sentinel)</p>"),
            ArchiveEntry("/\(directory)/sentinel-entry.xhtml", "<p>\(sentinel)</p>"),
            ArchiveEntry("OEBPS/../../sentinel-entry.xhtml", "<p>\(sentinel)</p>"),
        ])
        let packageIndex = try XCTUnwrap(entries.firstIndex { $0.name == "OEBPS/content.opf" })
        guard case .bytes(let package) = entries[packageIndex].content else { return XCTFail("the package") }
        let hostileItems = """
            <item id="up" href="../sentinel-entry.xhtml" media-type="application/xhtml+xml"/>
            <item id="abs" href="\(directory)/sentinel.xhtml" media-type="application/xhtml+xml"/>
            <item id="far" href="../../../../..\(directory)/sentinel.xhtml" media-type="application/xhtml+xml"/>
            <item id="file" href="file://\(directory)/sentinel.xhtml" media-type="application/xhtml+xml"/>
            </manifest>
            """
        let hostileSpine = "<itemref idref=\"up\"/><itemref idref=\"abs\"/><itemref idref=\"far\"/><itemref idref=\"file\"/></spine>"
        entries[packageIndex] = ArchiveEntry(entries[packageIndex].name, String(decoding: package, as: UTF8.self)
            .replacingOccurrences(of: "</manifest>", with: hostileItems).replacingOccurrences(of: "</spine>", with: hostileSpine))
        let path = bookFolder + "/book.epub"
        try ArchiveWriter.write(entries, to: path)
        let opened = try book(path)
        XCTAssertEqual(headings(opened), ["One"], "no spine item outside the book is a chapter")
        let shown = everything(opened)
        XCTAssertFalse(shown.contains(sentinel), shown)
        for block in opened.blocks {
            if case .image(let source, _) = block.kind { XCTFail("an image outside the book: \(source)") }
            for style in block.styles {
                guard case .link(let destination) = style.kind else { continue }
                switch LinkAction(destination: destination, baseDirectory: bookFolder) {
                case .document(let file, _): XCTFail("'\(destination)' opens the file \(file)")
                case .heading, .refused, .external: break
                }
            }
        }
        for description in ["climbing picture", "absolute picture", "file picture"] {
            XCTAssertTrue(shown.contains(description), "\(description) shows as its description")
        }
    }

    // MARK: XML

    /// A chapter with a billion laughs, external entities naming a file that holds the
    /// sentinel (and /etc/passwd), an external DTD and parameter entity: the chapter shows,
    /// expanding nothing and reading nothing.
    func testEntitiesAndDTDsInAChapterExpandAndReadNothing() throws {
        let directory = try folder()
        let external = directory + "/external.txt", dtd = directory + "/external.dtd"
        try Data(sentinel.utf8).write(to: URL(fileURLWithPath: external))
        try Data("<!ENTITY fromdtd \"\(sentinel)\">".utf8).write(to: URL(fileURLWithPath: dtd))
        let laughs = XMLSafetyTests.billionLaughs.replacingOccurrences(of: "<?xml version=\"1.0\"?>", with: "")
            .replacingOccurrences(of: "DOCTYPE package", with: "DOCTYPE html")
        // Each chapter uses only the entities its prolog declares, so libxml2's XML parser reads
        // it (one that is not well-formed goes to the HTML parser, which shows `&x;` as text).
        let chapters: [(prolog: String, references: String)] = [
            (laughs, "&lol9;"),
            ("<!DOCTYPE html [<!ENTITY xxe SYSTEM \"file://\(external)\"><!ENTITY pw SYSTEM \"file:///etc/passwd\">]>", "&xxe; &pw;"),
            ("<!DOCTYPE html SYSTEM \"\(dtd)\">", "&fromdtd;"),
            ("<!DOCTYPE html [<!ENTITY % p SYSTEM \"\(dtd)\"> %p;]>", "&fromdtd;"),
            ("<!DOCTYPE html [<!ENTITY xxe SYSTEM \"\(external)\">]>", "<span title=\"&xxe;\">&xxe;</span>"),
        ]
        let entriesOfChapters = chapters.enumerated().map { index, chapter in
            ArchiveEntry("OEBPS/c\(index + 1).xhtml", GeneratedBook.xhtml(title: "Chapter", body: """
                <h1>Chapter \(index + 1)</h1><p>Before \(chapter.references) after.</p>
                """, prolog: chapter.prolog))
        }
        var entries = GeneratedBook.entries(title: "Entities", chapters: chapters.map { _ in one })
        for chapter in entriesOfChapters {
            entries[try XCTUnwrap(entries.firstIndex { $0.name == chapter.name })] = chapter
        }
        let opened = try book(try TestBooks.write(entries, self))
        XCTAssertEqual(headings(opened), (1...chapters.count).map { "Chapter \($0)" }, "every chapter shows")
        let shown = everything(opened)
        XCTAssertFalse(shown.contains(sentinel), shown)
        // libxml2 refuses the laughs' amplification; the HTML parser then shows `&lol9;` as
        // written, never expanded.
        XCTAssertFalse(shown.contains("lollol"), shown)
        XCTAssertFalse(shown.contains("root:"), shown)
        XCTAssertEqual(opened.blocks.filter { $0.text.hasPrefix("Before") }.count, chapters.count, shown)
    }

    // MARK: Size

    /// A 50 MB chapter opens and reads whole (its time is `glide-bench epub`'s); 10,000
    /// chapters open, the last as readable as the first.
    func testAFiftyMegabyteChapterAndTenThousandChaptersOpen() throws {
        let paragraph = String(repeating: "A long chapter's paragraph, on and on. ", count: 25)
        let count = (50 << 20) / (paragraph.utf8.count + 8) + 100
        let big = GeneratedBook.entries(title: "Big", chapters: [
            one, BookChapter(title: "Two", body: String(repeating: "<p>\(paragraph)</p>\n", count: count)),
        ])
        XCTAssertGreaterThanOrEqual(big.first { $0.name == "OEBPS/c2.xhtml" }!.size, 50 << 20)
        let opened = try book(try TestBooks.write(big, self))
        XCTAssertEqual(opened.chapter(ofSection: opened.sectionCount - 1), 1)
        let lastBlocks = opened.blocks(inSection: opened.sectionCount - 1)
        XCTAssertEqual(lastBlocks.last?.text, paragraph.trimmingCharacters(in: .whitespaces))
        XCTAssertEqual(notices(opened), [])

        let chapters = (1...10_000).map { BookChapter(title: "Chapter \($0)", paragraphs: ["Text of chapter \($0)."]) }
        let many = try book(try TestBooks.write(GeneratedBook.entries(title: "Many", chapters: chapters), self))
        XCTAssertEqual(many.chapter(ofSection: many.sectionCount - 1), 9_999)
        XCTAssertEqual(many.blocks(inSection: many.sectionCount - 1).map(\.text).last, "Text of chapter 10000.")
        XCTAssertEqual(many.blocks(inSection: 0).first { $0.kind == .heading(level: 1) }?.text, "Chapter 1")
    }

    // MARK: Structure

    /// The navigation document in the spine listing itself, chapters linking to each other
    /// in a circle, the NCX and the package document in the spine, an NCX that points at
    /// itself: the book opens, each chapter once where the spine has it.
    func testANavigationCycleOpens() throws {
        let path = try TestBooks.write([
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(metadata: TestBooks.metadata(), manifest: """
                <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
                <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
                <item id="opf" href="content.opf" media-type="application/oebps-package+xml"/>
                <item id="c1" href="one.xhtml" media-type="application/xhtml+xml"/>
                <item id="c2" href="two.xhtml" media-type="application/xhtml+xml"/>
                """, spine: """
                <itemref idref="nav"/><itemref idref="c1"/><itemref idref="c2"/><itemref idref="ncx"/><itemref idref="opf"/>
                """, spineAttributes: " toc=\"nav\""),
            TestBooks.navigation("OEBPS/nav.xhtml", list: """
                <ol><li><a href="nav.xhtml">Contents</a><ol><li><a href="nav.xhtml#toc">Again</a></li></ol></li>
                <li><a href="one.xhtml">One</a></li><li><a href="two.xhtml">Two</a></li></ol>
                """),
            TestBooks.ncx("OEBPS/toc.ncx", navMap: """
                <navPoint><navLabel><text>Itself</text></navLabel><content src="toc.ncx"/></navPoint>
                """),
            TestBooks.chapter("OEBPS/one.xhtml", title: "One", body: "<p><a href=\"two.xhtml\">on to two</a></p>"),
            TestBooks.chapter("OEBPS/two.xhtml", title: "Two", body: "<p><a href=\"one.xhtml\">back to one</a></p>"),
        ], self)
        let opened = try book(path)
        XCTAssertEqual(headings(opened), ["Contents", "One", "Two"])
        XCTAssertEqual(opened.chapter(ofSection: opened.sectionCount - 1), 4, "five chapters, the NCX and package among them")
        let package = try EPUBPackage(archive: ZipArchive(path: path))
        XCTAssertEqual(try package.tableOfContents(in: ZipArchive(path: path)).entries.map(\.title), ["Contents", "One", "Two"])
    }

    /// A repeated id (the first wins), an item whose file is missing, one spine item naming
    /// none, two items of one file, a chapter twice in the spine.
    func testMissingAndDuplicateManifestItemsOpen() throws {
        let items = [("c1", "one"), ("c1", "impostor"), ("gone", "not-in-the-zip"), ("c2", "two"), ("again", "two")]
        let path = try TestBooks.write([
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(metadata: TestBooks.metadata(), manifest: items.map { id, name in
                "<item id=\"\(id)\" href=\"\(name).xhtml\" media-type=\"application/xhtml+xml\"/>"
            }.joined(separator: "\n"), spine: """
                <itemref idref="missing"/><itemref idref="c1"/><itemref idref="gone"/><itemref idref="c2"/>
                <itemref idref="again"/><itemref idref="c1"/>
                """),
            TestBooks.chapter("OEBPS/one.xhtml", title: "One"),
            TestBooks.chapter("OEBPS/impostor.xhtml", title: "Impostor"),
            TestBooks.chapter("OEBPS/two.xhtml", title: "Two"),
        ], self)
        XCTAssertEqual(headings(try book(path)), ["One", "Two", "Two", "One"])
        // A spine of nothing but missing items: refused in one line.
        let empty = try TestBooks.write([
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(metadata: TestBooks.metadata(), manifest: "<item id=\"gone\" href=\"gone.xhtml\" media-type=\"application/xhtml+xml\"/>",
                              spine: "<itemref idref=\"gone\"/><itemref idref=\"missing\"/>"),
        ], self)
        XCTAssertThrowsError(try KindRegistry.open(empty)) { error in
            XCTAssertEqual("\(error)", "cannot open '\(empty)': it is damaged: its reading order lists no document the book holds")
        }
    }

    // MARK: Damage

    /// A book cut inside its central directory, inside a local header and inside a chapter's
    /// compressed data: its end is gone, and it is refused in one line.
    func testABookCutShortAnywhereIsRefusedInOneLine() throws {
        let path = try TestBooks.write(GeneratedBook.entries(title: "Cut", chapters: [one, longChapter("Two")]), self)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let directory = try XCTUnwrap(ZipPatch.offsets(of: [0x50, 0x4B, 0x01, 0x02], in: whole).first)
        let localHeader = try XCTUnwrap(ZipPatch.offsets(of: Array("OEBPS/c2.xhtml".utf8), in: whole).first) - 30
        for (label, cut) in [("inside the directory", directory + 30), ("inside a local header", localHeader + 12),
                             ("inside a chapter's data", localHeader + 30 + 14 + 200)] {
            let cutPath = temporaryPath(self)
            try whole.prefix(cut).write(to: URL(fileURLWithPath: cutPath))
            XCTAssertThrowsError(try KindRegistry.open(cutPath), label) { error in
                XCTAssertEqual("\(error)", "cannot open '\(cutPath)': it is damaged: it is not a zip archive, or its end is missing",
                               label)
            }
        }
    }

    /// The last chapter's compressed data cut short with the directory kept (and moved up to
    /// follow it): the book opens, and that chapter says it cannot be read.
    func testAChapterWhoseDataIsCutShortIsANotice() throws {
        let path = try TestBooks.write(GeneratedBook.entries(title: "Cut", chapters: [one, longChapter("Two")]), self)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let directory = try XCTUnwrap(ZipPatch.offsets(of: [0x50, 0x4B, 0x01, 0x02], in: bytes).first)
        let data = try XCTUnwrap(ZipPatch.offsets(of: Array("OEBPS/c2.xhtml".utf8), in: bytes).first) + 14
        let removed = directory - (data + 200)
        bytes.removeSubrange((data + 200)..<directory)
        let end = try XCTUnwrap(ZipPatch.offsets(of: [0x50, 0x4B, 0x05, 0x06], in: bytes).last)
        let offset = UInt32(directory - removed)
        for index in 0..<4 { bytes[end + 16 + index] = UInt8(truncatingIfNeeded: offset >> (8 * UInt32(index))) }
        try bytes.write(to: URL(fileURLWithPath: path))
        let opened = try book(path)
        XCTAssertEqual(headings(opened), ["One"])
        let notice = try XCTUnwrap(notices(opened).first)
        XCTAssertTrue(notice.hasPrefix("⚠ 'OEBPS/c2.xhtml' cannot be shown: it is damaged: 'OEBPS/c2.xhtml' cannot be read ("), notice)
    }

    /// A chapter of varied text, so its deflated data is long.
    private func longChapter(_ title: String) -> BookChapter {
        BookChapter(title: title, paragraphs: (0..<400).map { "Paragraph \($0) says \($0 * 7919 % 10007) things." })
    }
}
