import ArchiveFixtures
import DocumentKit
import EPUBKind
import Foundation
import ImageDecoding
import KindRegistry
@testable import TextKind
import XCTest

/// A book opened as the app opens files (`KindRegistry.open`): one text column of its spine's
/// chapters, links between them, its title, and what it never reads.
final class EPUBBookTests: XCTestCase {
    private func threeChapterBook(extra: [ArchiveEntry] = []) throws -> String {
        let manifest = """
            <item id="c1" href="Text/one.xhtml" media-type="application/xhtml+xml"/>
            <item id="c2" href="Text/two.xhtml" media-type="application/xhtml+xml"/>
            <item id="c3" href="Text/three.xhtml" media-type="application/xhtml+xml"/>
            """
        return try TestBooks.write([
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(metadata: TestBooks.metadata(title: "  The   Three\n Chapters "), manifest: manifest,
                              spine: "<itemref idref=\"c1\"/><itemref idref=\"c2\"/><itemref idref=\"c3\"/>"),
            TestBooks.chapter("OEBPS/Text/one.xhtml", title: "One", body: """
                <p>See <a href="two.xhtml#later">the later part</a>, or <a href="three.xhtml">chapter three</a>,
                or <a href="https://example.org/">the web</a>.</p>
                <p><img src="../Images/red.png" alt="A picture"/></p>
                <p><img src="../Images/beside.png" alt="Not in the book"/></p>
                """),
            TestBooks.chapter("OEBPS/Text/two.xhtml", title: "Two", body: """
                <p>Early text.</p><p id="later">The later part of chapter two.</p>
                """),
            TestBooks.chapter("OEBPS/Text/three.xhtml", title: "Three", body: "<p>The end.</p>"),
        ] + extra, self)
    }

    private func text(_ path: String) throws -> TextDocument {
        try XCTUnwrap(try KindRegistry.open(path) as? TextDocument, "a book is a text document of chapters")
    }

    func testTheBookIsOneColumnOfItsChaptersWithBreaksBetweenThemAndItsTitle() throws {
        let book = try text(try threeChapterBook())
        XCTAssertEqual(book.title, "The Three Chapters", "the title, its white space collapsed")
        let blocks = book.blocks
        XCTAssertEqual(blocks.filter { $0.kind == .heading(level: 1) }.map(\.text), ["One", "Two", "Three"])
        XCTAssertEqual(blocks.filter { $0.kind == .chapterBreak }.count, 2, "a break before each chapter after the first")
        let texts = blocks.map(\.text)
        XCTAssertLessThan(texts.firstIndex(of: "One")!, texts.firstIndex(of: "Two")!)
        XCTAssertLessThan(texts.firstIndex(of: "Two")!, texts.firstIndex(of: "Three")!)
        XCTAssertTrue(book.text(in: .all).contains("The later part of chapter two."))
    }

    func testLinksLeadToPlacesInOtherChaptersAndOutToTheWeb() throws {
        let book = try text(try threeChapterBook())
        let first = try XCTUnwrap(book.blocks.first { $0.text.hasPrefix("See the later part") })
        let destinations = first.styles.compactMap { style -> String? in
            if case .link(let destination) = style.kind { return destination }
            return nil
        }
        XCTAssertEqual(destinations, ["#OEBPS/Text/two.xhtml#later", "#OEBPS/Text/three.xhtml", "https://example.org/"])
        let later = try XCTUnwrap(book.position(ofHeadingAnchor: "OEBPS/Text/two.xhtml#later"))
        XCTAssertEqual(book.blocks(inSection: later.section)[later.block].text, "The later part of chapter two.")
        let three = try XCTUnwrap(book.position(ofHeadingAnchor: "OEBPS/Text/three.xhtml"))
        XCTAssertEqual(book.blocks(inSection: three.section)[three.block].text, "Three", "a chapter's start is its heading")
    }

    func testAnImageIsReadFromTheBookAndNeverFromBesideIt() throws {
        let path = try threeChapterBook(extra: [ArchiveEntry("OEBPS/Images/red.png", bytes: TestImages.redPNG(width: 8, height: 4))])
        // A file where the missing image would be if it were taken relative to the book's folder.
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder + "/OEBPS/Images", withIntermediateDirectories: true)
        try Data(TestImages.redPNG(width: 2, height: 2)).write(to: URL(fileURLWithPath: folder + "/OEBPS/Images/beside.png"))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder + "/OEBPS") }
        let book = try text(path)
        let images = book.blocks.compactMap { block -> String? in
            if case .image(let source, _) = block.kind { return source }
            return nil
        }
        XCTAssertEqual(images, ["OEBPS/Images/red.png"], "the book's own image, by its entry name")
        XCTAssertTrue(book.blocks.contains { $0.text.contains("Not in the book") }, "the other shows as its description")
        let store = book.makeImageStore()
        _ = store.image(atPath: "OEBPS/Images/red.png")
        store.waitForDecodes()
        guard case .image(let decoded) = store.image(atPath: "OEBPS/Images/red.png") else {
            return XCTFail("decoded from the zip: \(store.image(atPath: "OEBPS/Images/red.png"))")
        }
        XCTAssertEqual([decoded.width, decoded.height], [8, 4])
    }

    func testABookProtectedByDRMIsRefusedInOneLine() throws {
        let encryption = ArchiveEntry("META-INF/encryption.xml", """
            <?xml version="1.0"?>
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
              <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
                <enc:CipherData><enc:CipherReference URI="OEBPS/Text/one.xhtml"/></enc:CipherData></enc:EncryptedData>
            </encryption>
            """)
        let path = try threeChapterBook(extra: [encryption])
        XCTAssertThrowsError(try KindRegistry.open(path)) { error in
            XCTAssertEqual("\(error)", "cannot open '\(path)': it is protected by DRM")
        }
    }

    func testTheRegistryKnowsABookByItsBytesWhateverItsName() throws {
        let path = try threeChapterBook()
        let renamed = path + ".txt"
        try FileManager.default.copyItem(atPath: path, toPath: renamed)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: renamed) }
        XCTAssertEqual(try text(renamed).title, "The Three Chapters")
        XCTAssertTrue(KindRegistry.fileDescriptions.contains("an EPUB book"))
    }
}
