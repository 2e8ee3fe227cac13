import CCairo
import DocumentKit
import Foundation
import ImageDecoding
import TestSupport
@testable import TextKind
import XCTest

/// Key caps (`<kbd>`) and aligned text, set from blocks as the HTML mapping makes them.
final class InlineRenderingTests: XCTestCase {
    /// `text` with `.keyboard` over each of `keys`, found in order.
    private func keyboardBlock(_ text: String, keys: [String]) -> Block {
        var styles: [InlineStyle] = []
        var searchStart = text.startIndex
        for key in keys {
            let found = text.range(of: key, range: searchStart..<text.endIndex)!
            let lower = text.utf8.distance(from: text.startIndex, to: found.lowerBound)
            styles.append(InlineStyle(.keyboard, utf8Range: lower..<(lower + key.utf8.count)))
            searchStart = found.upperBound
        }
        return Block(kind: .paragraph, text: text, styles: styles)
    }

    func testAKeyCapIsAFramedBoxAroundItsTextInBothPalettes() {
        let block = keyboardBlock("Press Ctrl+X or AB to go.", keys: ["Ctrl", "X", "A", "B"])
        for palette in [Palette.light, Palette.dark] {
            let rendered = RenderedBlocks([block], height: 60, palette: palette)
            rendered.save(palette.isDark ? "key-caps-dark" : "key-caps-light")
            let item = rendered.section.blocks[0]
            let frame = rendered.frame
            for style in block.styles {
                guard let rect = item.rects(of: style.utf8Range).first else { return XCTFail("no key rect") }
                let (left, right) = (Int(rect.x), Int(rect.maxX))
                let middle = Int(rect.y + rect.height / 2)
                func isBorder(_ pixel: UInt32) -> Bool { isNear(pixel, palette.rule, tolerance: 0.03) }
                // The border crosses the key's middle row on both sides of its text…
                let row = columns(of: frame, rows: middle..<(middle + 1), where: isBorder).filter { $0 >= left - 6 && $0 <= right + 6 }
                XCTAssertTrue(row.contains { $0 < left + 3 }, "a left edge (\(palette.isDark ? "dark" : "light"))")
                XCTAssertTrue(row.contains { $0 > right - 3 }, "a right edge")
                // …and runs along above and below it.
                let centre = (left + right) / 2
                let column = rows(of: frame, columns: centre..<(centre + 1), where: isBorder)
                XCTAssertTrue(column.contains { $0 < middle - 6 }, "a top edge")
                XCTAssertTrue(column.contains { $0 > middle + 4 }, "a bottom edge")
                // Filled inside, as a key.
                XCTAssertTrue(frame.pixels(rows: (middle - 6)..<(middle - 5), columns: left..<right)
                    .contains { isNear($0, palette.codeBackground, tolerance: 0.01) }, "the cap's fill")
            }
            // Two keys side by side keep apart: the page shows between A's frame and B's.
            let a = item.rects(of: block.styles[2].utf8Range)[0], b = item.rects(of: block.styles[3].utf8Range)[0]
            let middle = Int(a.y + a.height / 2)
            let between = frame.pixels(rows: middle..<(middle + 1), columns: Int(a.maxX - 2)..<Int(b.x + 3))
            XCTAssertTrue(between.contains { isNear($0, palette.page, tolerance: 0.01) }, "a gap between the caps")
        }
    }
}

extension InlineRenderingTests {
    func testSuperscriptIsRaisedAndSubscriptLoweredAndBothSmaller() {
        // "H2O" then "x2": the 2 of H₂O lowered, the 2 of x² raised.
        let text = "HHH 222 HHH 222"
        let rendered = RenderedBlocks([Block(kind: .paragraph, text: text, styles: [
            InlineStyle(.subscript, utf8Range: 4..<7), InlineStyle(.superscript, utf8Range: 12..<15),
        ])], height: 60)
        rendered.save("sub-superscript")
        let item = rendered.section.blocks[0]
        func inkRows(_ range: Range<Int>) -> [Int] {
            let rect = item.rects(of: range)[0]
            return rows(of: rendered.frame, columns: Int(rect.x)..<Int(rect.maxX)) { isDarkPixel($0) || Int($0 & 0xff) - Int(($0 >> 16) & 0xff) > 60 }
        }
        let plain = inkRows(0..<3), lowered = inkRows(4..<7), raised = inkRows(12..<15)
        XCTAssertLessThan(lowered.count, plain.count, "smaller")
        XCTAssertLessThan(raised.count, plain.count, "smaller")
        XCTAssertGreaterThan(lowered.last ?? 0, plain.last ?? 0, "below the baseline")
        XCTAssertLessThan(raised.first ?? 0, plain.first ?? 0, "above the capitals")
        let raisedRect = item.rects(of: 12..<15)[0]
        let blue = rows(of: rendered.frame, columns: Int(raisedRect.x)..<Int(raisedRect.maxX)) {
            Int($0 & 0xff) - Int(($0 >> 16) & 0xff) > 60
        }
        XCTAssertEqual(blue, [], "in the text's colour: only a link (a footnote's number) is blue")
    }
}

extension InlineRenderingTests {
    /// Table cells are drawn whole, not a line at a time: a key there is tinted as code is,
    /// and an inline image takes no room (no box of an unknown character).
    func testInATableCellAKeyIsTintedAndAnInlineImageTakesNoRoom() {
        func row(_ text: String, _ styles: [InlineStyle]) -> Block {
            let cells = [TableRow.Cell(text: text, styles: styles)]
            return Block(kind: .tableRow(TableRow(cells: cells, isHeader: false, alignments: [.leading],
                                                  naturalCharacters: [text.count])), text: text)
        }
        let key = RenderedBlocks([row("Ctrl", [InlineStyle(.keyboard, utf8Range: 0..<4)])], height: 60)
        key.save("table-key")
        XCTAssertGreaterThan(key.frame.pixels().filter { isNear($0, Palette.light.codeBackground, tolerance: 0.005) }.count,
                             100, "the key's tint")
        let image = RenderedBlocks([row("\u{FFFC} Glide", [InlineStyle(.inlineImage(source: "logo.png"), utf8Range: 0..<3)])],
                                   height: 60)
        let plain = RenderedBlocks([row("Glide", [])], height: 60)
        XCTAssertEqual(columns(of: image.frame, where: isDarkPixel), columns(of: plain.frame, where: isDarkPixel))
    }
}

extension InlineRenderingTests {
    /// Styles that do not fit their text (an empty key, one past the end, a logo that is not
    /// on a U+FFFC) are drawn as well as they can be, without a crash.
    func testKeyCapsAndLogosOverRangesThatDoNotFitTheTextAreHarmless() {
        let text = "Ctrl é"
        let styles = [InlineStyle(.keyboard, utf8Range: 0..<0), InlineStyle(.keyboard, utf8Range: 5..<40),
                      InlineStyle(.keyboard, utf8Range: 6..<7), InlineStyle(.inlineImage(source: "logo.png"), utf8Range: 2..<90),
                      InlineStyle(.inlineImage(source: "x.png"), utf8Range: 50..<53),
                      InlineStyle(.keyboard, utf8Range: -4..<2), InlineStyle(.inlineImage(source: "x.png"), utf8Range: -9..<(-3))]
        let rendered = RenderedBlocks([Block(kind: .heading(level: 1), text: text, styles: styles)], height: 80)
        XCTAssertEqual(rendered.section.blocks.count, 1)
    }
}
