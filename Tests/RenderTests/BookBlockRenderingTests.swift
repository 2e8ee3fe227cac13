import DocumentKit
import TestSupport
@testable import TextKind
import XCTest

/// How a book's own blocks are drawn (issue 24): the break where a chapter starts, the rule
/// and smaller type of notes, a figure's muted caption.
final class BookBlockRenderingTests: XCTestCase {
    /// The column of `RenderedBlocks` at 800 px: from x = 40, 720 px wide.
    private let columnLeft = 40, columnWidth = 720

    private func isInk(_ palette: Palette) -> (UInt32) -> Bool {
        { !isNear($0, palette.page, tolerance: 0.04) }
    }

    func testAChapterBreakIsGenerousSpaceWithASmallCentredOrnament() throws {
        for palette in [Palette.light, .dark] {
            let rendered = RenderedBlocks([Block(kind: .paragraph, text: "The end of the first chapter."),
                                           Block(kind: .chapterBreak, text: ""),
                                           Block(kind: .heading(level: 1), text: "Chapter Two")],
                                          height: 400, palette: palette)
            rendered.save("chapter-break-\(palette.isDark ? "dark" : "light")")
            let blocks = rendered.section.blocks
            let band = Int(blocks[1].top)..<Int(blocks[1].top + blocks[1].height)
            let paragraphBottom = blocks[0].top + blocks[0].height
            let headingTop = blocks[2].top
            XCTAssertGreaterThanOrEqual(headingTop - paragraphBottom, 6 * 17, "room of a page turn between the chapters")
            let ink = columns(of: rendered.frame, rows: band, where: isInk(palette))
            let first = try XCTUnwrap(ink.first), last = try XCTUnwrap(ink.last)
            XCTAssertEqual(Double(first + last) / 2, Double(columnLeft + columnWidth / 2), accuracy: 2, "centred")
            XCTAssertLessThan(last - first, 6 * 17, "small: a few ems across, not a rule over the column")
            XCTAssertGreaterThan(last - first, 2 * 17)
            let inkRows = rows(of: rendered.frame, columns: first..<(last + 1), where: isInk(palette))
                .filter { band.contains($0) }
            XCTAssertLessThan(inkRows.count, 12, "a thin ornament")
            let middle = Int(blocks[1].top + blocks[1].height / 2)
            XCTAssertTrue(inkRows.allSatisfy { abs($0 - middle) < 8 }, "in the middle of its room")
            let centre = (middle - 6...middle + 6).map { rendered.frame.pixel(x: columnLeft + columnWidth / 2, y: $0) }
            XCTAssertTrue(centre.contains { isNear($0, palette.secondaryText, tolerance: 0.1) }, "the diamond")
        }
    }

    func testAThematicRuleStillSpansTheColumn() {
        let rendered = RenderedBlocks([Block(kind: .paragraph, text: "Above."), Block(kind: .rule, text: ""),
                                       Block(kind: .paragraph, text: "Below.")], height: 200)
        let rule = rendered.section.blocks[1]
        let ink = columns(of: rendered.frame, rows: Int(rule.top)..<Int(rule.top + rule.height), where: isInk(.light))
        XCTAssertEqual(ink.count, columnWidth, accuracy: 2)
    }

    func testNotesAreSetSmallerAfterAShortRuleAtTheColumnsLeft() {
        let text = "The same words in the text and in a note."
        let rendered = RenderedBlocks([Block(kind: .paragraph, text: text), Block(kind: .noteRule, text: ""),
                                       Block(kind: .note, text: text)], height: 300)
        rendered.save("note")
        let blocks = rendered.section.blocks
        let rule = columns(of: rendered.frame, rows: Int(blocks[1].top)..<Int(blocks[1].top + blocks[1].height),
                           where: isInk(.light))
        XCTAssertEqual(rule.first, columnLeft)
        XCTAssertEqual(Double(rule.count), Double(columnWidth) * 0.4, accuracy: 2, "a short rule, as print sets notes")
        func inkWidth(of block: SectionLayout.PlacedBlock) -> Int {
            let ink = columns(of: rendered.frame, rows: Int(block.top)..<Int(block.top + block.height), where: isDarkPixel)
            return (ink.last ?? 0) - (ink.first ?? 0)
        }
        let ratio = Double(inkWidth(of: blocks[2])) / Double(inkWidth(of: blocks[0]))
        XCTAssertEqual(ratio, 13.0 / 17, accuracy: 0.04, "the note is set at 13 px against the text's 17")
        XCTAssertLessThan(blocks[2].height, blocks[0].height)
    }

    func testACaptionIsCentredSmallerAndMuted() {
        let text = "Figure 1. The harbour at dawn"
        let rendered = RenderedBlocks([Block(kind: .caption, text: text, alignment: .center),
                                       Block(kind: .paragraph, text: text)], height: 200)
        let blocks = rendered.section.blocks
        let captionRows = Int(blocks[0].top)..<Int(blocks[0].top + blocks[0].height)
        let ink = columns(of: rendered.frame, rows: captionRows, where: isInk(.light))
        XCTAssertEqual(Double((ink.first ?? 0) + (ink.last ?? 0)) / 2, Double(columnLeft + columnWidth / 2), accuracy: 3)
        let pixels = captionRows.flatMap { y in ink.map { rendered.frame.pixel(x: $0, y: y) } }
        XCTAssertTrue(pixels.contains { isNear($0, Palette.light.secondaryText, tolerance: 0.05) }, "muted")
        XCTAssertFalse(pixels.contains { isNear($0, Palette.light.text, tolerance: 0.05) }, "never the text's colour")
        let paragraphInk = columns(of: rendered.frame, rows: Int(blocks[1].top)..<Int(blocks[1].top + blocks[1].height),
                                   where: isDarkPixel)
        XCTAssertLessThan((ink.last ?? 0) - (ink.first ?? 0), (paragraphInk.last ?? 0) - (paragraphInk.first ?? 0), "smaller")
    }
}
