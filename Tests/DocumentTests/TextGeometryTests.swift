@testable import DocumentKit
@testable import TextKind
import XCTest

/// Positions, words, selections, copied text and links in laid-out text.
final class TextGeometryTests: XCTestCase {
    private let markdown = """
        # Reading tools

        Glide shows **bold** text and a [link to GNOME](https://gnome.org) in one paragraph.

        ## How to move

        - first item
        - second item
        """

    private func layout(_ text: String, isMarkdown: Bool = true) -> DocumentLayout {
        let layout = DocumentLayout(document: TextDocument(text: text, isMarkdown: isMarkdown, title: "t"))
        layout.setViewportSize(width: 900, height: 700)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: 900, height: 700), margin: 350)
        return layout
    }

    func testAPointOnAWordGivesItsPositionAndADoubleClickItsWord() throws {
        let layout = layout(markdown)
        let bold = try XCTUnwrap(layout.document.blocks[1].styles.first { $0.kind == .strong })
        let rects = layout.rects(of: range(block: 1, bold.utf8Range), within: 0...700)
        XCTAssertEqual(rects.count, 1)
        let center = ContentPoint(x: rects[0].x + rects[0].width / 2, y: rects[0].y + rects[0].height / 2)
        let position = try XCTUnwrap(layout.textPosition(at: center))
        XCTAssertEqual(position.block, 1)
        XCTAssertTrue(bold.utf8Range.contains(position.utf8Offset))
        let word = try XCTUnwrap(layout.wordRange(at: position))
        XCTAssertEqual(layout.document.text(in: word), "bold")
        let paragraph = try XCTUnwrap(layout.paragraphRange(at: position))
        XCTAssertEqual(layout.document.text(in: paragraph), "Glide shows bold text and a link to GNOME in one paragraph.")
    }

    func testCopiedTextIsTheShownTextWithoutMarkup() {
        let layout = layout(markdown)
        XCTAssertEqual(layout.document.text(in: .all), """
            Reading tools

            Glide shows bold text and a link to GNOME in one paragraph.

            How to move

            • first item
            • second item
            """, "list items keep the bullets they are shown with")
        let start = TextPosition(section: 0, block: 1, utf8Offset: 6)
        let end = TextPosition(section: 0, block: 2, utf8Offset: 3)
        XCTAssertEqual(layout.document.text(in: TextRange(end, start)), """
            shows bold text and a link to GNOME in one paragraph.

            How
            """, "a selection dragged backwards copies the same text")
    }

    func testASelectionAcrossAWrappedLineHasARectanglePerLine() {
        let long = String(repeating: "A sentence that wraps across the column. ", count: 12)
        let layout = layout(long, isMarkdown: false)
        let rects = layout.rects(of: .all, within: 0...700)
        XCTAssertGreaterThan(rects.count, 3)
        XCTAssertEqual(Set(rects.map(\.y)).count, rects.count, "one rectangle per line")
        XCTAssertTrue(rects.allSatisfy { $0.width > 200 && $0.height > 10 })
    }

    func testALinkHasAFingerSizedHitAreaAndIsFoundFromItsEdge() throws {
        let layout = layout(markdown)
        let links = layout.links(within: 0...700)
        XCTAssertEqual(links.map(\.destination), ["https://gnome.org"])
        let link = links[0]
        XCTAssertTrue(link.hitRects.allSatisfy { $0.height >= DocumentLink.minimumHitHeightPixels })
        XCTAssertLessThan(link.rects[0].height, DocumentLink.minimumHitHeightPixels)
        let justAbove = ContentPoint(x: link.rects[0].x + 5, y: link.rects[0].y - 8)
        XCTAssertEqual(layout.link(at: justAbove)?.destination, "https://gnome.org", "a fingertip just above the text")
        XCTAssertNil(layout.link(at: ContentPoint(x: 5, y: link.rects[0].y)), "the margin beside it is no link")
    }

    func testAHeadingAnchorLeadsToItsHeading() throws {
        let layout = layout(markdown)
        let position = try XCTUnwrap(layout.document.position(ofHeadingAnchor: "how-to-move"))
        XCTAssertEqual(position.block, 2)
        let top = try XCTUnwrap(layout.lineTop(of: position, viewportTop: 0))
        XCTAssertEqual(top, try XCTUnwrap(layout.position(ofBlockStarting: "How to move")), accuracy: 1)
    }

    func testLinkActionsHandOverOnlyWebAndMailAndNeverRunAnything() {
        XCTAssertEqual(LinkAction(destination: "#how-to-move", baseDirectory: "/d"), .heading(fragment: "how-to-move"))
        XCTAssertEqual(LinkAction(destination: "https://gnome.org", baseDirectory: "/d"), .external(url: "https://gnome.org"))
        XCTAssertEqual(LinkAction(destination: "MAILTO:a@b.org", baseDirectory: "/d"), .external(url: "MAILTO:a@b.org"))
        XCTAssertEqual(LinkAction(destination: "other.md#intro", baseDirectory: "/d"),
                       .document(path: "/d/other.md", fragment: "intro"))
        for refused in ["javascript:alert(1)", "file:///usr/bin/xterm", "/usr/bin/xterm", "run.sh", "ftp://x", ""] {
            guard case .refused = LinkAction(destination: refused, baseDirectory: "/d") else {
                return XCTFail("\(refused) must be refused")
            }
        }
    }

    private func range(block: Int, _ utf8: Range<Int>) -> TextRange {
        TextRange(TextPosition(section: 0, block: block, utf8Offset: utf8.lowerBound),
                  TextPosition(section: 0, block: block, utf8Offset: utf8.upperBound))
    }
}
