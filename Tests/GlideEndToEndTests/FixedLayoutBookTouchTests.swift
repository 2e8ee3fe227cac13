import ArchiveFixtures
import EPUBFixtures
import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// A fixed-layout book's page of text under a finger and a mouse in the test compositor (issue
/// 24): a long press selects a word of the page, Ctrl+C copies it, a tap on a link turns to the
/// page it names; a mouse drag selects along a line, and find turns to the page with the word.
final class FixedLayoutBookTouchTests: GlideTestCase {
    /// Two 800×600 pages of text, `rendition:layout` pre-paginated; the first links to the second.
    private func book() throws -> String {
        func page(_ name: String, body: String) -> ArchiveEntry {
            ArchiveEntry("OEBPS/\(name)", GeneratedBook.xhtml(title: name, body: body,
                                                              prolog: "")
                .replacingOccurrences(of: "<head>", with: "<head><meta name=\"viewport\" content=\"width=800, height=600\"/>"))
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-fixed-\(UUID().uuidString).epub").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        try ArchiveWriter.write([
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
                    <dc:identifier id="bookid">urn:uuid:7a1c0b2e-24f0-4b8e-9d37-5b1a2e3c4d60</dc:identifier>
                    <dc:title>Fixed Pages</dc:title><dc:language>en</dc:language>
                    <meta property="rendition:layout">pre-paginated</meta>
                  </metadata>
                  <manifest>
                    <item id="p1" href="p1.xhtml" media-type="application/xhtml+xml"/>
                    <item id="p2" href="p2.xhtml" media-type="application/xhtml+xml"/>
                  </manifest>
                  <spine><itemref idref="p1"/><itemref idref="p2"/></spine>
                </package>
                """),
            page("p1.xhtml", body: "<p>Lantern glows over the fixed page.</p><p><a href=\"p2.xhtml\">Onward to the next</a></p>"),
            page("p2.xhtml", body: "<p>The second page keeps a quokka.</p>"),
        ], to: path)
        return path
    }

    /// The top-left of the first dark ink on screen, row by row.
    private func firstInk(in image: SurfaceImage) -> (x: Int, y: Int)? {
        for y in 0..<image.height {
            if let x = (0..<image.width).first(where: { image.luminance(x: $0, y: y) < 80 }) { return (x, y) }
        }
        return nil
    }

    /// The middle of the link-blue ink (0x0A5FC2, the light palette's links) on screen.
    private func linkCentre(in image: SurfaceImage) -> (x: Double, y: Double)? {
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.rgb(x: x, y: y)
                let red = Int(pixel >> 16 & 0xFF), green = Int(pixel >> 8 & 0xFF), blue = Int(pixel & 0xFF)
                if abs(red - 0x0A) < 40, abs(green - 0x5F) < 40, abs(blue - 0xC2) < 40 {
                    xs.append(x)
                    ys.append(y)
                }
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return (Double(minX + maxX) / 2, Double(minY + maxY) / 2)
    }

    func testALongPressSelectsAWordOfAFixedPageCtrlCCopiesItAndALinkTurnsToItsPage() throws {
        let session = try start(document: .paths([try book()]))
        _ = try session.runUntilIdle()
        let image = try session.image
        let word = try XCTUnwrap(firstInk(in: image), "the page's first line is drawn")
        try session.down(x: Double(word.x + 10), y: Double(word.y + 5))
        try session.waitForLongPress()
        XCTAssertEqual(try session.primarySelectionText(), "Lantern", "the word under the finger")
        try session.up()
        _ = try session.runUntilIdle()
        try session.type(KeyCode.letter("c")!, with: [.leftControl])
        XCTAssertEqual(try session.clipboardText(), "Lantern", "Ctrl+C copies the selection")

        try session.type(.escape)
        _ = try session.runUntilIdle()
        let link = try XCTUnwrap(linkCentre(in: try session.image), "the link is drawn in the links' blue")
        XCTAssertEqual(try session.traceOfShownFrame().page, 0)
        try session.down(x: link.x, y: link.y)
        try session.up()
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().page, 1, "the tap turned to the page the link names")
    }

    /// Pixels within `tolerance` of `color` (0xRRGGBB) on each channel.
    private func count(_ color: UInt32, in image: SurfaceImage, tolerance: Int = 24) -> Int {
        image.pixels.filter { pixel in
            (0..<3).allSatisfy { (index: UInt32) -> Bool in
                abs(Int((pixel >> (index * 8)) & 0xff) - Int((color >> (index * 8)) & 0xff)) <= tolerance
            }
        }.count
    }

    func testAMouseDragSelectsAlongAFixedPagesLineAndFindTurnsToThePageWithTheWord() throws {
        let session = try start(document: .paths([try book()]))
        _ = try session.runUntilIdle()
        let word = try XCTUnwrap(firstInk(in: try session.image), "the page's first line is drawn")
        try session.pointerEnter(x: Double(word.x + 2), y: Double(word.y + 5))
        try session.leftButton(isPressed: true)
        // Across the first two words of "Lantern glows over the fixed page." at the page's scale.
        for step in 1...8 { try session.pointerMotion(x: Double(word.x + 2 + step * 16), y: Double(word.y + 5)) }
        try session.leftButton(isPressed: false)
        _ = try session.runUntilIdle()
        let selected = try XCTUnwrap(session.primarySelectionText(), "the drag selected the page's text")
        XCTAssertTrue(selected.hasPrefix("Lantern gl"), "from where the drag began, along the line: \(selected)")
        XCTAssertEqual(try session.traceOfShownFrame().page, 0)

        try session.type(.escape)
        try session.type(KeyCode.letter("f")!, with: [.leftControl])
        try session.typeText("quokka")
        // Each letter starts a new search on the worker, which the loop may be idle waiting for:
        // frames until the last one's match is drawn, or two seconds of them.
        var highlighted = 0
        for _ in 0..<100 {
            _ = try session.runUntilIdle()
            highlighted = count(0xFB9625, in: try session.image)
            if highlighted > 20 { break }
            usleep(20_000)
        }
        XCTAssertEqual(try session.traceOfShownFrame().page, 1, "find turned to the page with the word")
        XCTAssertGreaterThan(highlighted, 20, "the match highlighted in orange where the page draws it")
    }
}
