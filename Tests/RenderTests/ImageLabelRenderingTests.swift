import CCairo
import DocumentKit
import Foundation
import Render
import TestSupport
@testable import TextKind
import XCTest

/// Remote images as small muted labels in their line: a README's row of badges stays a line.
final class ImageLabelRenderingTests: XCTestCase {
    private let badgeNames = ["Build status", "Codacy Badge", "Coverage", "Weblate", "Downloads", "Latest release",
                              "Gitter", "Matrix"]

    /// Eight linked remote badges, one to a source line as READMEs write them.
    private var badges: String {
        badgeNames.enumerated().map { index, name in
            "[![\(name)](https://img.shields.io/badge/b\(index).svg)](https://example.org/\(index))"
        }.joined(separator: "\n")
    }

    private let body = "KOReader is a document viewer for E Ink devices.\n\n## Installation\n\nSee the wiki."

    private func layout(_ markdown: String) -> DocumentLayout {
        DocumentLayout(document: TextDocument(text: markdown, isMarkdown: true, title: "README.md"))
    }

    /// The content y where block `block`'s text starts, laid out at `width`.
    private func top(ofBlock block: Int, in layout: DocumentLayout, width: Int) -> Double {
        _ = renderOnce(layout, width: width, height: 800)
        return layout.lineTop(of: TextPosition(section: 0, block: block, utf8Offset: 0), viewportTop: 0) ?? -1
    }

    func testEightRemoteBadgesAreOneLineOfLabelsAboveTheFirstParagraph() {
        let badged = layout(badges + "\n\n" + body)
        let frame = renderOnce(badged, width: 1280, height: 800)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-badges.png").path
        cairo_surface_write_to_png(frame.surface, path)
        let labels = badged.rects(of: TextRange(TextPosition(section: 0, block: 0, utf8Offset: 0),
                                               TextPosition(section: 0, block: 0, utf8Offset: .max)), within: 0...800)
        XCTAssertEqual(Set(labels.map(\.y)).count, 1, "one line at 1280 px")
        // The first paragraph is less than a line lower than with no badges: higher than it
        // is below one line of body text, as the labels (and the spaces between) are small.
        let withBadges = top(ofBlock: 1, in: badged, width: 1280)
        let withLine = top(ofBlock: 1, in: layout("One line of text.\n\n" + body), width: 1280)
        let without = top(ofBlock: 0, in: layout(body), width: 1280)
        XCTAssertGreaterThan(withBadges, without)
        XCTAssertLessThan(withBadges, withLine)
        // Muted, not in the link colour, though each is a link.
        let blue = frame.pixels().filter { Int($0 & 0xff) - Int(($0 >> 16) & 0xff) > 80 }
        XCTAssertEqual(blue.count, 0, "no link-blue labels")
        // Narrow, the labels wrap between badges like words, never inside a word.
        let narrow = layout(badges + "\n\n" + body)
        _ = renderOnce(narrow, width: 360, height: 800)
        let wrapped = narrow.rects(of: TextRange(TextPosition(section: 0, block: 0, utf8Offset: 0),
                                                TextPosition(section: 0, block: 0, utf8Offset: .max)), within: 0...800)
        XCTAssertGreaterThan(Set(wrapped.map(\.y)).count, 1)
        let text = narrow.document.blocks[0].text
        for line in Set(wrapped.map(\.y)).sorted().dropFirst() {
            guard let position = narrow.textPosition(at: ContentPoint(x: 0, y: line + 2)) else { continue }
            let before = text.utf8.prefix(position.utf8Offset).last
            XCTAssertEqual(before, 0x20, "a line starts after a space")
        }
    }

    func testATapOnALabelFollowsTheLinkAroundIt() {
        let badged = layout(badges + "\n\n" + body)
        _ = renderOnce(badged, width: 1280, height: 800)
        let block = badged.document.blocks[0]
        XCTAssertEqual(block.styles.filter(\.isImageLabel).count, 8)
        for (index, style) in block.styles.enumerated() {
            guard case .imageLabel = style.kind else { continue }
            let rect = badged.rects(of: TextRange(TextPosition(section: 0, block: 0, utf8Offset: style.utf8Range.lowerBound),
                                                  TextPosition(section: 0, block: 0, utf8Offset: style.utf8Range.upperBound)),
                                    within: 0...800)[0]
            let link = badged.link(at: ContentPoint(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2))
            XCTAssertEqual(link?.destination, "https://example.org/\(index / 2)", "badge \(index / 2)")
        }
    }
}
