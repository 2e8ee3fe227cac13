import DocumentKit
import Foundation
import PDFFixtures
import PDFKind
import Render
import ScrollEngine
import TextKind
@testable import Viewer
import XCTest

/// Go to page: Ctrl+L (or a tap on the page label) opens an entry that takes a page number or
/// a page label (a PDF's `/PageLabels`); Enter goes there as a jump the history records,
/// Escape closes it, and text that leads nowhere says so in the entry. Labels show in the page
/// label and the outline.
final class GoToPageTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
    }

    /// 30 pages: `i` to `x`, then `1` to `20`, as a book with roman front matter.
    private func labelledPDF(labels: Bool = true) -> String {
        var fixture = PDFFixture(pageCount: 30)
        fixture.hasLinks = false
        if labels {
            let roman = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]
            for page in 0..<10 { fixture.pageLabels[page] = roman[page] }
            for page in 10..<30 { fixture.pageLabels[page] = String(page - 9) }
        }
        let path = fixture.write()
        paths.append(path)
        return path
    }

    private func harness(paged: Bool, labels: Bool = true) throws -> (ViewerHarness, PDFLayout) {
        let pdf = PDFLayout(file: try PDFFile(path: labelledPDF(labels: labels)), paged: paged)
        var options = ViewerOptions()
        options.isPaged = paged
        return (ViewerHarness(opened: pdf, options: options), pdf)
    }

    private func key(_ name: String, _ modifiers: InputModifiers = [], text: String = "", in harness: ViewerHarness) {
        harness.key(name, modifiers, text: text)
    }

    /// Ctrl+L, `text` typed as an on-screen keyboard commits it, Enter; then draws until at rest.
    private func go(to text: String, in harness: ViewerHarness, waitingFor pdf: PDFLayout) {
        key("l", .control, in: harness)
        harness.deliverBackgroundWork { pdf.readLabels.isLoaded }
        harness.viewer.handle(ViewerInput(event: .textCommitted(text, deletingBefore: 0), timeMilliseconds: harness.time))
        key("Return", in: harness)
        harness.runUntilIdle()
    }

    private func page(_ harness: ViewerHarness) -> Int { harness.frames.last!.traced.pageControl.currentPage }

    func testANumberAndALabelGoToTheirPagesAndEnterClosesTheEntry() throws {
        let (harness, pdf) = try harness(paged: true)
        key("l", .control, in: harness)
        XCTAssertNotNil(harness.viewer.pageEntry, "Ctrl+L opened the entry")
        XCTAssertEqual(harness.viewer.pageEntry?.status, "30 pages")
        XCTAssertTrue(harness.viewer.takeRequests().contains(.setTextInput(true)), "on-screen keyboards may type into it")
        key("Escape", in: harness)
        XCTAssertNil(harness.viewer.pageEntry, "Escape closed it")

        go(to: "25", in: harness, waitingFor: pdf)
        XCTAssertEqual(page(harness), 24)
        XCTAssertNil(harness.viewer.pageEntry, "Enter closed the entry")
        go(to: "vii", in: harness, waitingFor: pdf)
        XCTAssertEqual(page(harness), 6, "the label vii")
        go(to: "XII", in: harness, waitingFor: pdf)
        XCTAssertEqual(page(harness), 6, "no page is labelled xii in any case")
        key("Escape", in: harness)
        go(to: "3", in: harness, waitingFor: pdf)
        XCTAssertEqual(page(harness), 12, "the printed page 3 comes before page number 3")
        go(to: "  IX ", in: harness, waitingFor: pdf)
        XCTAssertEqual(page(harness), 8, "a label in another case, spaces around it")
        XCTAssertEqual(harness.viewer.navigation.label(ofPage: 8), "ix")
    }

    func testTextThatLeadsNowhereSaysSoInTheEntry() throws {
        let (harness, pdf) = try harness(paged: true)
        go(to: "xyz", in: harness, waitingFor: pdf)
        XCTAssertEqual(harness.viewer.pageEntry?.status, "No page is labelled “xyz”")
        XCTAssertEqual(page(harness), 0)
        key("BackSpace", in: harness)
        XCTAssertEqual(harness.viewer.pageEntry?.text, "xy")
        XCTAssertEqual(harness.viewer.pageEntry?.status, "30 pages", "typing clears the error")
        key("Escape", in: harness)
        go(to: "99", in: harness, waitingFor: pdf)
        XCTAssertEqual(harness.viewer.pageEntry?.status, "No page 99: pages run 1–30")
        key("Escape", in: harness)
        key("l", .control, in: harness)
        key("Return", in: harness)
        XCTAssertEqual(harness.viewer.pageEntry?.status, "Type a page number or label")
        XCTAssertEqual(page(harness), 0)
    }

    /// Without `/PageLabels` a number still goes; keys type into the entry as well.
    func testKeysTypeANumberIntoTheEntryOfAPDFWithoutLabels() throws {
        let (harness, pdf) = try harness(paged: false, labels: false)
        key("l", .control, in: harness)
        harness.deliverBackgroundWork { pdf.readLabels.isLoaded }
        key("1", text: "1", in: harness)
        key("2", text: "2", in: harness)
        XCTAssertEqual(harness.viewer.pageEntry?.text, "12")
        key("Return", in: harness)
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.document.readingAnchor.section, 11, "page 12 at the top of the continuous view")
        XCTAssertNil(harness.viewer.navigation.label(ofPage: 11), "a label that repeats the number is none")
    }

    /// Go to page is a jump: Alt+Left returns, Alt+Right goes again.
    func testGoingToAPageIsAJumpBackReturnsFrom() throws {
        let (harness, pdf) = try harness(paged: false)
        // 25 is no label (the printed pages run 1 to 20): the page of that number.
        go(to: "25", in: harness, waitingFor: pdf)
        let target = harness.frames.last!.traced.contentOffset.y
        XCTAssertEqual(target, pdf.pageRect(24).y, accuracy: 1, "page 25 at the top")
        XCTAssertEqual(harness.viewer.navigation.historyDepth.back, 1)
        harness.send(.key("Left", modifiers: .alt))
        harness.runUntilIdle()
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.y, 0, "back at the first page")
        harness.send(.key("Right", modifiers: .alt))
        harness.runUntilIdle()
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.y, target, accuracy: 1, "forward at page 25 again")
    }

    /// The page label says the label with the number; a tap on it opens the entry.
    func testThePageLabelShowsTheLabelAndATapOnItOpensTheEntry() throws {
        let (harness, pdf) = try harness(paged: true)
        go(to: "vii", in: harness, waitingFor: pdf)
        harness.send(.key("Next", modifiers: []))
        // Drawn until the page turned is the current one, while the label still shows.
        for _ in 0..<120 where page(harness) != 7 { harness.drawFrame() }
        let frame = harness.frames.last!.traced
        XCTAssertGreaterThan(frame.pageControl.labelOpacity, 0, "the label shows while the page turns")
        let control = PageControlLayout(frame.pageControl, viewportWidth: 800, viewportHeight: 600, style: OverlayStyle())
        XCTAssertEqual(control.label(title: nil, pageLabel: harness.viewer.navigation.label(ofPage: control.currentPage)),
                       "viii (8 / 30)")
        harness.tap(400, control.labelCenterY)
        XCTAssertNotNil(harness.viewer.pageEntry, "a tap on the label opened the entry")
        harness.runUntilIdle()
        XCTAssertEqual(page(harness), 7, "and turned no page")
    }

    /// An outline row shows its page's label.
    func testTheOutlineGetsThePageLabels() throws {
        let pdf = PDFLayout(file: try PDFFile(path: labelledPDF()), paged: true)
        let outline = try XCTUnwrap(pdf.outline)
        let harness = ViewerHarness(layout: pdf)
        harness.deliverBackgroundWork { outline.entries != nil }
        XCTAssertEqual(outline.pageLabel(ofEntry: 0), "i", "chapter 1 starts on page i")
        XCTAssertEqual(outline.pageLabel(ofEntry: 1), "1", "chapter 2 on the printed page 1")
    }
}
