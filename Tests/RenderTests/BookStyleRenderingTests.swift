import CPangoCairo
import DocumentKit
import ImageDecoding
import TestSupport
@testable import TextKind
import XCTest

/// What a book's CSS changes on screen: small capitals, raised and lowered text, relative
/// sizes, a first line's indent, justified lines, margins, and page breaks in paging mode.
final class BookStyleRenderingTests: XCTestCase {
    /// The rows holding ink in `block` of `rendered`, within `utf8` columns of its text when given.
    private func inkRows(_ rendered: RenderedBlocks, block index: Int) -> [Int] {
        let block = rendered.section.blocks[index]
        return rows(of: rendered.frame, columns: nil, where: isDarkPixel).filter {
            Double($0) >= block.top && Double($0) < block.top + block.height
        }
    }

    private func inkColumns(_ rendered: RenderedBlocks, block index: Int) -> [Int] {
        let block = rendered.section.blocks[index]
        return columns(of: rendered.frame, rows: Int(block.top)..<Int(block.top + block.height), where: isDarkPixel)
    }

    func testSmallCapsDropTheDescendersAndRiseLiftsTheText() throws {
        // "pig": descenders below the baseline, which small capitals (P, I, G) do not have.
        let text = "pig pig"
        let all = 0..<text.utf8.count
        let rendered = RenderedBlocks([
            Block(kind: .paragraph, text: text),
            Block(kind: .paragraph, text: text, styles: [InlineStyle(.smallCaps, utf8Range: all)]),
            Block(kind: .paragraph, text: text, styles: [InlineStyle(.superscript, utf8Range: all)]),
            Block(kind: .paragraph, text: text, styles: [InlineStyle(.subscript, utf8Range: all)]),
            Block(kind: .paragraph, text: text, styles: [InlineStyle(.fontScale(2), utf8Range: all)]),
        ], height: 500)
        let blocks = rendered.section.blocks
        func relative(_ index: Int) throws -> (top: Double, bottom: Double) {
            let ink = inkRows(rendered, block: index)
            let first = try XCTUnwrap(ink.first), last = try XCTUnwrap(ink.last)
            return (Double(first) - blocks[index].top, Double(last) - blocks[index].top)
        }
        let plain = try relative(0), smallCaps = try relative(1)
        XCTAssertLessThan(smallCaps.bottom, plain.bottom - 2, "small capitals have no descenders")
        // Raised and lowered beside plain text in one line: the second word against the first.
        let second = text.utf8.count - 3..<text.utf8.count
        let mixed = RenderedBlocks([
            Block(kind: .paragraph, text: text, styles: [InlineStyle(.superscript, utf8Range: second)]),
            Block(kind: .paragraph, text: text, styles: [InlineStyle(.subscript, utf8Range: second)]),
        ])
        func words(_ index: Int) throws -> (first: [Int], second: [Int]) {
            let ink = inkColumns(mixed, block: index)
            let gap = try XCTUnwrap(zip(ink, ink.dropFirst()).max { $0.1 - $0.0 < $1.1 - $1.0 })
            let block = mixed.section.blocks[index]
            let rowsOf = { (range: ClosedRange<Int>) in
                rows(of: mixed.frame, columns: range.lowerBound..<(range.upperBound + 1), where: isDarkPixel)
                    .filter { Double($0) >= block.top && Double($0) < block.top + block.height }
            }
            return (rowsOf(ink.first!...gap.0), rowsOf(gap.1...ink.last!))
        }
        let raised = try words(0), lowered = try words(1)
        // The descenders show it best: a raised word's sit well above the baseline.
        XCTAssertLessThan(try XCTUnwrap(raised.second.last), try XCTUnwrap(raised.first.last) - 4, "super is raised")
        XCTAssertGreaterThan(try XCTUnwrap(lowered.second.last), try XCTUnwrap(lowered.first.last), "sub is lowered")
        let plainWidth = inkColumns(rendered, block: 0), doubleWidth = inkColumns(rendered, block: 4)
        let ratio = Double(doubleWidth.last! - doubleWidth.first!) / Double(plainWidth.last! - plainWidth.first!)
        XCTAssertEqual(ratio, 2, accuracy: 0.1, "font-size: 2em sets the text twice as wide")
    }

    func testTheFirstLineIsIndentedAndJustifiedLinesReachTheRightEdge() throws {
        let words = Array(repeating: "justify these words across the column", count: 6).joined(separator: " ")
        var indented = Block(kind: .paragraph, text: words)
        indented.style.textIndentEms = 2
        var justified = Block(kind: .paragraph, text: words)
        justified.style.isJustified = true
        let rendered = RenderedBlocks([Block(kind: .paragraph, text: words), indented, justified], height: 600)
        let blocks = rendered.section.blocks
        func lineInk(_ index: Int, line: Int) -> [Int] {
            let extent = blocks[index].extent(ofLine: line)
            return columns(of: rendered.frame, rows: Int(extent.top)..<Int(extent.bottom), where: isDarkPixel)
        }
        let plainStart = try XCTUnwrap(lineInk(0, line: 0).first)
        XCTAssertEqual(Double(try XCTUnwrap(lineInk(1, line: 0).first) - plainStart), 2 * 17, accuracy: 2, "2 em of 17 px")
        XCTAssertEqual(Double(try XCTUnwrap(lineInk(1, line: 1).first)), Double(plainStart), accuracy: 2, "only the first line")
        let rightEdge = Double(blocks[2].left + blocks[2].width)
        XCTAssertEqual(Double(try XCTUnwrap(lineInk(2, line: 0).last)), rightEdge, accuracy: 3, "justified to the edge")
        XCTAssertLessThan(Double(try XCTUnwrap(lineInk(0, line: 0).last)), rightEdge - 3, "ragged without it")
    }

    func testMarginsCollapseAndReplaceGlidesSpacing() {
        var tight = Block(kind: .paragraph, text: "Two")
        tight.style.marginTopEms = 0
        var first = Block(kind: .paragraph, text: "One")
        first.style.marginBottomEms = 0
        var spaced = Block(kind: .paragraph, text: "Three")
        spaced.style.marginTopEms = 3
        let rendered = RenderedBlocks([first, tight, spaced, Block(kind: .paragraph, text: "Four"), Block(kind: .paragraph, text: "Five")])
        let blocks = rendered.section.blocks
        func gap(_ index: Int) -> Double { blocks[index].top - (blocks[index - 1].top + blocks[index - 1].height) }
        XCTAssertEqual(gap(1), 0, "margin: 0 on both sides")
        XCTAssertEqual(gap(2), 3 * 17, accuracy: 1, "the larger of Glide's space after and 3 em")
        XCTAssertEqual(gap(4), Typography().spaceAfterBlock.rounded(), accuracy: 1, "Glide's own spacing without CSS")
    }

    func testABreakBeforeStartsTheBlockOnTheNextPage() throws {
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let shaper = BlockShaper(context: context, typography: Typography(), palette: .light, images: ImageStore(), baseDirectory: ".")
        let column = ColumnGeometry(left: 40, width: 500, pageHeight: 600, pageMargin: 40, pageBottomMargin: 40)
        var broken = Block(kind: .heading(level: 2), text: "Part Two")
        broken.style.startsPage = true
        let blocks = [Block(kind: .paragraph, text: "A short first page."), broken, Block(kind: .paragraph, text: "After.")]
        let section = SectionLayout(blocks: blocks, isFirstSection: true, shaper: shaper, column: column,
                                    disclosures: SectionDisclosures(state: DisclosureState(showsEverything: true), scope: 0))
        XCTAssertEqual(section.blocks[1].top, 600 + 40, "the top of the second page's text")
        XCTAssertEqual(section.height, 1200)
        var unbroken = blocks
        unbroken[1].style.startsPage = false
        let flowing = SectionLayout(blocks: unbroken, isFirstSection: true, shaper: shaper, column: column,
                                    disclosures: SectionDisclosures(state: DisclosureState(showsEverything: true), scope: 0))
        XCTAssertLessThan(flowing.blocks[1].top, 600, "without the break it follows on the first page")
    }
}
