import CCairo
@testable import DocumentKit
@testable import TextKind
import TestSupport
import XCTest

/// HTML `<details>` in a text column (issue 29): closed at first, taking no room; a summary
/// with a triangle that opens and closes it; find opening what hides a match.
final class DisclosureLayoutTests: XCTestCase {
    /// "Before", a disclosure "More" whose body holds a paragraph and a nested disclosure
    /// "Inner" around "A deep needle.", then "After"; without `body`, the same with no body.
    private func document(withBody body: Bool = true) -> TextDocument {
        var blocks = [Block(kind: .paragraph, text: "Before the details."),
                      Block(kind: .paragraph, text: "More", disclosure: DisclosurePlace(summaryOf: 0))]
        if body {
            blocks += [
                Block(kind: .paragraph, text: "Hidden text in the body.", disclosure: DisclosurePlace(enclosingBodies: [0])),
                Block(kind: .paragraph, text: "Inner", disclosure: DisclosurePlace(enclosingBodies: [0], summaryOf: 1)),
                Block(kind: .paragraph, text: "A deep needle.", disclosure: DisclosurePlace(enclosingBodies: [0, 1])),
            ]
        }
        blocks.append(Block(kind: .paragraph, text: "After the details."))
        return TextDocument(blocks: blocks, title: "details")
    }

    private func laidOut(_ document: TextDocument) -> DocumentLayout {
        let layout = DocumentLayout(document: document)
        layout.setViewportSize(width: 800, height: 600)
        prepare(layout)
        return layout
    }

    private func prepare(_ layout: DocumentLayout, top: Double = 0) {
        layout.prepare(ContentRect(x: 0, y: top, width: 800, height: 600), margin: 300)
    }

    /// The layout's first 800×600 drawn on white.
    private func picture(of layout: DocumentLayout) -> Picture {
        let picture = Picture(width: 800, height: 600)
        let cairo = cairo_create(picture.surface)!
        defer { cairo_destroy(cairo) }
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        layout.draw(ContentRect(x: 0, y: 0, width: 800, height: 600), on: cairo)
        cairo_surface_flush(picture.surface)
        return picture
    }

    private func block(_ number: Int, of layout: DocumentLayout) throws -> ContentRect {
        try XCTUnwrap(layout.frame(ofBlock: number, inSection: 0))
    }

    func testADisclosureStartsClosedAndItsBodyTakesNoRoomAndIsNotCopied() throws {
        let layout = laidOut(document())
        let bodiless = laidOut(document(withBody: false))
        XCTAssertEqual(layout.contentSize.height, bodiless.contentSize.height, "the closed body takes no room")
        XCTAssertEqual(layout.position(ofBlockStarting: "After"), bodiless.position(ofBlockStarting: "After"))
        XCTAssertEqual(try block(2, of: layout).height, 0)
        XCTAssertEqual(layout.lineExtents().count, 3, "Before, the summary and After are drawn, nothing else")
        let after = try block(5, of: layout)
        XCTAssertEqual(layout.textPosition(at: ContentPoint(x: after.x + 5, y: after.y + 5))?.block, 5,
                       "a point on After is After, not a hidden block beside it")
        XCTAssertEqual(layout.textForCopying(in: .all)(), "Before the details.\n\nMore\n\nAfter the details.",
                       "Ctrl+A copies what is shown")
        XCTAssertTrue(picture(of: layout).pixels == picture(of: bodiless).pixels, "and draws as if it had none")
    }

    func testTheSummaryHasATriangleAndATapOpensItInPlaceAndASecondClosesIt() throws {
        let layout = laidOut(document())
        let closedPicture = picture(of: layout)
        let closedHeight = layout.contentSize.height
        let summaryText = try block(1, of: layout)
        let summary = try XCTUnwrap(layout.disclosureSummary(at: ContentPoint(x: summaryText.x + 10, y: summaryText.y + 5)))
        XCTAssertEqual(summary.position, TextPosition(section: 0, block: 1, utf8Offset: 0))
        XCTAssertFalse(summary.isOpen)
        XCTAssertLessThan(summary.rect.x, summaryText.x, "the triangle sits left of the summary's text")
        let markerColumns = Int(summary.rect.x)..<Int(summaryText.x)
        let summaryRows = Int(summaryText.y)..<Int(summaryText.maxY)
        XCTAssertGreaterThan(closedPicture.inkCount(rows: summaryRows, columns: markerColumns), 10, "▸ is drawn")

        XCTAssertEqual(layout.toggleDisclosure(summary, keepingTextAt: summary.rect.y), summary.rect.y,
                       "the summary stays where it is")
        prepare(layout)
        XCTAssertEqual(try block(1, of: layout), summaryText)
        XCTAssertEqual(layout.disclosureSummaries(within: 0...600).map(\.isOpen), [true, false], "More opens, Inner stays closed")
        let body = try block(2, of: layout)
        XCTAssertGreaterThan(body.height, 0)
        XCTAssertGreaterThan(layout.contentSize.height, closedHeight)
        let openPicture = picture(of: layout)
        XCTAssertGreaterThan(openPicture.inkCount(rows: Int(body.y)..<Int(body.maxY)), 50, "the body is drawn")
        XCTAssertTrue(openPicture.pixels(rows: summaryRows, columns: markerColumns)
                      != closedPicture.pixels(rows: summaryRows, columns: markerColumns), "▾ in place of ▸")
        XCTAssertEqual(try block(4, of: layout).height, 0, "the nested body is still closed")
        XCTAssertEqual(layout.textForCopying(in: .all)(),
                       "Before the details.\n\nMore\n\nHidden text in the body.\n\nInner\n\nAfter the details.")

        let open = try XCTUnwrap(layout.disclosureSummary(at: ContentPoint(x: summaryText.x + 10, y: summaryText.y + 5)))
        XCTAssertTrue(open.isOpen)
        XCTAssertEqual(layout.toggleDisclosure(open, keepingTextAt: open.rect.y), open.rect.y)
        prepare(layout)
        XCTAssertEqual(layout.contentSize.height, closedHeight)
        XCTAssertTrue(picture(of: layout).pixels == closedPicture.pixels, "closed again, it draws as before")
    }

    func testADisclosureMarkedOpenStartsOpenAndATapClosesIt() throws {
        let blocks = [Block(kind: .paragraph, text: "More", disclosure: DisclosurePlace(summaryOf: 0, startsOpen: [0])),
                      Block(kind: .paragraph, text: "Shown at first.", disclosure: DisclosurePlace(enclosingBodies: [0], startsOpen: [0])),
                      Block(kind: .paragraph, text: "After.")]
        let layout = laidOut(TextDocument(blocks: blocks, title: "open"))
        XCTAssertGreaterThan(try block(1, of: layout).height, 0, "the body is shown before any tap")
        XCTAssertEqual(layout.textForCopying(in: .all)(), "More\n\nShown at first.\n\nAfter.")
        let summaryText = try block(0, of: layout)
        let summary = try XCTUnwrap(layout.disclosureSummary(at: ContentPoint(x: summaryText.x + 10, y: summaryText.y + 5)))
        XCTAssertTrue(summary.isOpen, "its triangle points down")
        XCTAssertEqual(layout.blocks(inSection: 0).map(\.isExpanded), [true, nil, nil])
        _ = layout.toggleDisclosure(summary, keepingTextAt: 0)
        prepare(layout)
        XCTAssertEqual(try block(1, of: layout).height, 0, "a tap closes it")
        XCTAssertEqual(layout.textForCopying(in: .all)(), "More\n\nAfter.")
        XCTAssertEqual(layout.openDisclosures(hiding: TextPosition(section: 0, block: 1, utf8Offset: 0), keepingTextAt: 0), 0)
        prepare(layout)
        XCTAssertGreaterThan(try block(1, of: layout).height, 0, "and find opens it again")
    }

    func testPagesSideBySideShowEveryDisclosureOpenHavingNoWayToOpenOne() {
        // Pages have no find, selection or taps on summaries: a closed body would be lost.
        let pages = HorizontalPagesLayout(document: document())
        XCTAssertNil(pages.readableText, "nothing on pages could open a disclosure")
        XCTAssertNil(pages.link(at: ContentPoint(x: 10, y: 10), zoomScale: 1))
        pages.setViewportSize(width: 800, height: 600)
        _ = pages.prepare(ContentRect(x: 0, y: 0, width: 800, height: 600), margin: 300)
        XCTAssertEqual(pages.blocks(inSection: 0).map(\.text),
                       ["Before the details.", "More", "Hidden text in the body.", "Inner", "A deep needle.", "After the details."])
        XCTAssertEqual(pages.blocks(inSection: 0).map(\.isExpanded), [nil, true, nil, true, nil, nil])
    }

    func testTheAccessibleTreeLeavesOutClosedBodiesAndReadsSummariesAsExpandable() {
        let layout = laidOut(document())
        let closed = layout.blocks(inSection: 0)
        XCTAssertEqual(closed.map(\.text), ["Before the details.", "More", "After the details."])
        XCTAssertEqual(closed.map(\.location.block), [0, 1, 5], "blocks keep their numbers")
        XCTAssertEqual(closed.map(\.isExpanded), [nil, false, nil])
        let revision = layout.blocksRevision
        _ = layout.openDisclosures(hiding: TextPosition(section: 0, block: 2, utf8Offset: 0), keepingTextAt: 0)
        XCTAssertNotEqual(layout.blocksRevision, revision, "the tree reads its sections again")
        let open = layout.blocks(inSection: 0)
        XCTAssertEqual(open.map(\.location.block), [0, 1, 2, 3, 5])
        XCTAssertEqual(open.map(\.isExpanded), [nil, true, nil, false, nil])
    }

    func testOpeningWhatHidesAMatchOpensItsDisclosureAndTheOnesAroundIt() throws {
        let layout = laidOut(document())
        let needle = TextRange(TextPosition(section: 0, block: 4, utf8Offset: 7), TextPosition(section: 0, block: 4, utf8Offset: 13))
        XCTAssertEqual(layout.rects(of: needle, within: 0...600), [], "hidden, the match has nowhere to be highlighted")
        XCTAssertEqual(layout.openDisclosures(hiding: needle.start, keepingTextAt: 0), 0)
        prepare(layout)
        XCTAssertEqual(layout.disclosureSummaries(within: 0...600).map(\.isOpen), [true, true])
        XCTAssertGreaterThan(try block(4, of: layout).height, 0)
        XCTAssertEqual(layout.rects(of: needle, within: 0...600).count, 1, "shown, the match is highlighted")
        XCTAssertEqual(layout.openDisclosures(hiding: needle.start, keepingTextAt: 0), 0, "nothing more to open")
    }

    /// A README whose long changelog (about 30 sections) sits in one `<details>`.
    private func documentWithLongDisclosure() -> TextDocument {
        var blocks = [Block(kind: .paragraph, text: "Introduction."),
                      Block(kind: .paragraph, text: "Changelog", disclosure: DisclosurePlace(summaryOf: 0))]
        for number in 0..<2400 {
            blocks.append(Block(kind: .paragraph, text: "Release \(number) fixed a bug in scrolling and added a feature.",
                                disclosure: DisclosurePlace(enclosingBodies: [0])))
        }
        blocks.append(Block(kind: .paragraph, text: "The end."))
        return TextDocument(blocks: blocks, title: "changelog")
    }

    func testALongClosedBodyIsLeftOutOfTheEstimatesAndOpeningItLaysOutOnlyWhatIsInView() throws {
        let document = documentWithLongDisclosure()
        XCTAssertGreaterThan(document.sectionCount, 20)
        let layout = DocumentLayout(document: document)
        layout.setViewportSize(width: 800, height: 600)
        XCTAssertLessThan(layout.contentSize.height, 600, "the closed changelog is estimated at nothing")
        prepare(layout)
        XCTAssertLessThanOrEqual(layout.sectionsLaidOutCount, DocumentLayout.emptySectionsPerPrepare + 1,
                                 "sections of hidden blocks count as empty: a prepare lays out a bounded number")
        let summary = try XCTUnwrap(layout.disclosureSummaries(within: 0...600).first)
        let before = layout.sectionsLaidOutCount
        XCTAssertEqual(layout.toggleDisclosure(summary, keepingTextAt: summary.rect.y), summary.rect.y)
        XCTAssertGreaterThan(layout.contentSize.height, 20 * 600, "the open changelog is estimated from its size")
        prepare(layout)
        XCTAssertLessThanOrEqual(layout.sectionsLaidOutCount - before, 3, "only the sections in view are laid out")
        XCTAssertEqual(layout.disclosureSummaries(within: 0...600).first?.rect, summary.rect)
    }
}

/// An ARGB picture drawn with cairo, whose dark pixels can be counted.
private final class Picture: InkCounting {
    let surface: OpaquePointer
    let width: Int, height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    }

    deinit { cairo_surface_destroy(surface) }

    func pixel(x: Int, y: Int) -> UInt32 {
        let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
        return UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    func isInk(x: Int, y: Int) -> Bool { isDarkPixel(pixel(x: x, y: y)) }

    func pixels(rows: Range<Int>? = nil, columns: Range<Int>? = nil) -> [UInt32] {
        (rows ?? 0..<height).flatMap { y in (columns ?? 0..<width).map { pixel(x: $0, y: y) } }
    }

    var pixels: [UInt32] { pixels() }
}
