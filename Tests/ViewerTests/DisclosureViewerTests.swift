import DocumentKit
import ScrollEngine
import TestSupport
import TextKind
import Viewer
import XCTest

/// HTML `<details>` through the viewer offscreen (issue 29): a tap, a click or Return on a
/// summary opens and closes it in place; find opens the disclosures that hide its match.
final class DisclosureViewerTests: XCTestCase {
    /// Paragraphs, then a disclosure "More details" whose body holds paragraphs and a nested
    /// disclosure "Deeper" around a zebra, then more paragraphs. `leading` paragraphs before,
    /// so the disclosure can start below the first screen.
    private func harness(leading: Int = 2) -> ViewerHarness {
        var blocks = (1...leading).map { Block(kind: .paragraph, text: "Paragraph \($0) before the details.") }
        blocks.append(Block(kind: .paragraph, text: "More details", disclosure: DisclosurePlace(summaryOf: 0)))
        blocks += (1...6).map {
            Block(kind: .paragraph, text: "Body paragraph \($0) with hidden words.", disclosure: DisclosurePlace(enclosingBodies: [0]))
        }
        blocks.append(Block(kind: .paragraph, text: "Deeper", disclosure: DisclosurePlace(enclosingBodies: [0], summaryOf: 1)))
        blocks.append(Block(kind: .paragraph, text: "A zebra hides here.", disclosure: DisclosurePlace(enclosingBodies: [0, 1])))
        blocks += (1...60).map { Block(kind: .paragraph, text: "Paragraph \($0) after the details.") }
        let document = TextDocument(blocks: blocks, title: "details")
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light))
        harness.runUntilIdle()
        _ = harness.viewer.takeRequests()
        return harness
    }

    private func disclosures(_ harness: ViewerHarness) throws -> any DisclosureLayout {
        try XCTUnwrap(harness.viewer.document.readableText?.disclosures)
    }

    private func offset(_ harness: ViewerHarness) -> Double { harness.frames.last!.traced.contentOffset.y }

    /// The summaries in the pane now (or up to `above` px above it), as (window y, open).
    private func summariesOnScreen(_ harness: ViewerHarness, above: Double = 0) throws -> [(y: Double, isOpen: Bool)] {
        let top = offset(harness)
        return try disclosures(harness).disclosureSummaries(within: (top - above)...(top + 600)).map { ($0.rect.y - top, $0.isOpen) }
    }

    /// Ink in window rows `rows` of the last frame.
    private func ink(_ harness: ViewerHarness, rows: Range<Int>) -> Int {
        harness.rows(rows).joined().filter(isDarkPixel).count
    }

    func testATapOnASummaryOpensItInPlaceAndASecondTapClosesIt() throws {
        let harness = harness()
        let closedHeight = harness.viewer.document.contentSize.height
        let summary = try XCTUnwrap(disclosures(harness).disclosureSummaries(within: 0...600).first)
        XCTAssertFalse(summary.isOpen)
        let below = Int(summary.rect.maxY) + 12..<Int(summary.rect.maxY) + 40
        let closedInk = ink(harness, rows: below)
        harness.tap(summary.rect.x + 40, summary.rect.y + summary.rect.height / 2)
        harness.runUntilIdle()
        XCTAssertEqual(try summariesOnScreen(harness).first?.y, summary.rect.y, "the summary stays where it was")
        XCTAssertEqual(try summariesOnScreen(harness).first?.isOpen, true, "the tap opened it")
        XCTAssertGreaterThan(harness.viewer.document.contentSize.height, closedHeight + 100)
        XCTAssertEqual(harness.viewer.document.readableText?.textForCopying(in: .all)().contains("Body paragraph 1"), true)
        XCTAssertNotEqual(ink(harness, rows: below), closedInk, "the body is drawn below the summary")

        // Past the double-tap interval (300 ms), so the second tap is no double tap.
        for _ in 0..<30 { harness.drawFrame() }
        harness.tap(summary.rect.x + 40, summary.rect.y + summary.rect.height / 2)
        harness.runUntilIdle()
        XCTAssertEqual(try summariesOnScreen(harness).first?.isOpen, false, "a second tap closed it")
        XCTAssertEqual(harness.viewer.document.contentSize.height, closedHeight)
        XCTAssertEqual(ink(harness, rows: below), closedInk)
        XCTAssertEqual(harness.viewer.document.readableText?.textForCopying(in: .all)().contains("Body paragraph"), false,
                       "copying everything leaves the closed body out")
    }

    func testAClickOnASummaryTogglesItAndItShowsTheHand() throws {
        let harness = harness()
        let summary = try XCTUnwrap(disclosures(harness).disclosureSummaries(within: 0...600).first)
        harness.send(.pointerMotion(LogicalPoint(x: summary.rect.x + 40, y: summary.rect.y + summary.rect.height / 2)))
        XCTAssertEqual(harness.viewer.takeRequests(), [.setPointerLook(.hand)])
        harness.send(.pointerButton(0x110, isPressed: true))
        harness.send(.pointerButton(0x110, isPressed: false))
        harness.runUntilIdle()
        XCTAssertEqual(try summariesOnScreen(harness).first?.isOpen, true)
    }

    func testReturnTogglesTheFirstSummaryInView() throws {
        let harness = harness()
        let summaryY = try XCTUnwrap(summariesOnScreen(harness).first?.y)
        harness.send(.key("Return", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(try summariesOnScreen(harness).map(\.isOpen), [true, false], "the first one opened, not the nested")
        XCTAssertEqual(try summariesOnScreen(harness).first?.y, summaryY)
        harness.send(.key("Return", modifiers: []))
        harness.runUntilIdle()
        XCTAssertEqual(try summariesOnScreen(harness).map(\.isOpen), [false])
    }

    func testALinkToAHeadingInsideClosedDetailsOpensThem() throws {
        var blocks = [Block(kind: .paragraph, text: "Read the notes below.",
                            styles: [InlineStyle(.link(destination: "#notes"), utf8Range: 5..<14)])]
        blocks.append(Block(kind: .paragraph, text: "Release notes", disclosure: DisclosurePlace(summaryOf: 0)))
        blocks += (1...40).map {
            Block(kind: .paragraph, text: "Body paragraph \($0).", disclosure: DisclosurePlace(enclosingBodies: [0]))
        }
        blocks.append(Block(kind: .heading(level: 2), text: "Notes", disclosure: DisclosurePlace(enclosingBodies: [0])))
        blocks += (1...40).map { Block(kind: .paragraph, text: "Paragraph \($0) after the details.") }
        let harness = ViewerHarness(layout: TextDocument(blocks: blocks, title: "notes").makeLayout(palette: .light))
        harness.runUntilIdle()
        let readable = try XCTUnwrap(harness.viewer.document.readableText)
        let rect = try XCTUnwrap(readable.link(at: ContentPoint(x: 100, y: 45))?.rects.first, "the link on the first line")
        harness.tap(rect.x + 5, rect.y + rect.height / 2)
        harness.deliverBackgroundWork { offset(harness) > 500 && !harness.frames.last!.isAnimating }
        harness.runUntilIdle()
        XCTAssertEqual(try summariesOnScreen(harness, above: 3000).first?.isOpen, true, "the details holding the heading opened")
        let heading = try XCTUnwrap(harness.viewer.document.contentOffset(of: BlockLocation(section: 0, block: 42, shareOfSectionBefore: 0)))
        XCTAssertEqual(heading.y - offset(harness), 16, accuracy: 2, "and the heading is at the top")
    }

    func testFindOpensTheNestedClosedDisclosuresThatHoldTheMatch() throws {
        // The disclosure starts two screens down, so find has to go there.
        let harness = harness(leading: 40)
        XCTAssertEqual(try summariesOnScreen(harness).count, 0)
        harness.send(.key("f", modifiers: .control))
        for character in "zebra" {
            harness.viewer.handle(ViewerInput(.key(String(character), modifiers: []), timeMilliseconds: harness.time,
                                              text: String(character)))
            harness.drawFrame()
        }
        harness.deliverBackgroundWork { harness.viewer.findStatus == "1 of 1" && !harness.frames.last!.isAnimating }
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.findStatus, "1 of 1", "the match in the closed body is found")
        XCTAssertEqual(try summariesOnScreen(harness, above: 600).map(\.isOpen), [true, true],
                       "both disclosures around it opened")
        let zebra = try XCTUnwrap(harness.viewer.document.contentOffset(of: BlockLocation(section: 0, block: 48, shareOfSectionBefore: 0)))
        XCTAssertGreaterThan(zebra.y, offset(harness), "and the view went to the match")
        XCTAssertLessThan(zebra.y, offset(harness) + 600)
        // The current match's orange, multiplied into the white page (255, 153, 38).
        let top = Int(zebra.y - offset(harness))
        let orange = harness.rows(top..<top + 24).joined().filter { pixel in
            zip([16, 8, 0], [0xFF, 0x99, 0x26]).allSatisfy { abs(Int((pixel >> $0) & 0xff) - $1) < 24 }
        }
        XCTAssertGreaterThan(orange.count, 20, "which is highlighted")
    }
}
