import DocumentKit
import Glibc
import Machinery
import PDFFixtures
import PDFKind
import ScrollEngine
import Viewer
import XCTest

/// Find, selection and copy over a PDF's text in the viewer offscreen: typed input in, the
/// trace, requests and pixels out.
final class PDFReadingToolsTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        super.tearDown()
    }

    /// Twelve pages: page 8 (index 7) has the words to find and select, page 11 one more café.
    private func harness(atPage page: Int? = nil, paged: Bool = false) throws -> (ViewerHarness, PDFLayout, PDFTextLayout) {
        var fixture = PDFFixture(pageCount: 12)
        fixture.bodyLines[7] = ["Le CAFÉ est noir et la", "Ёлка стоит в лесу.", "Un café, encore un cafe.",
                                "The GNOME project's home."]
        fixture.webLinks[7] = "https://gnome.org"
        fixture.bodyLines[10] = ["Another café far below."]
        let path = fixture.write()
        paths.append(path)
        let pdf = PDFLayout(file: try PDFFile(path: path), paged: paged)
        var options = ViewerOptions()
        options.isPaged = paged
        let harness = ViewerHarness(layout: pdf, options: options, position: page.map { (ReadingAnchor(section: $0, block: 0, fraction: 0), 1) })
        harness.runUntilIdle()
        _ = harness.viewer.takeRequests()
        // The test's own view of the text, to know where words are drawn.
        return (harness, pdf, PDFTextLayout(pdf: pdf))
    }

    /// Draws frames, delivering the workers' results between them, until `done` holds (20 s at most).
    private func frames(_ harness: ViewerHarness, until done: () -> Bool) {
        for _ in 0..<4000 where !done() {
            if MainThreadMailbox.shared.deliverPending() > 0 { harness.viewer.setNeedsFrame() }
            harness.drawFrame()
            if !harness.frames.last!.isAnimating { usleep(5000) }
        }
    }

    private func offset(_ harness: ViewerHarness) -> Double { harness.frames.last!.traced.contentOffset.y }

    private func type(_ text: String, into harness: ViewerHarness) {
        for character in text {
            harness.viewer.handle(ViewerInput(.key(String(character), modifiers: []), timeMilliseconds: harness.time,
                                              text: String(character)))
            harness.drawFrame()
        }
    }

    /// The range of the first `word` on page `page`, once its text has arrived.
    private func range(of word: String, onPage page: Int, in text: PDFTextLayout, _ harness: ViewerHarness) throws -> TextRange {
        frames(harness) { text.pageText(page) != nil }
        let pageText = try XCTUnwrap(text.pageText(page)).text
        let found = try XCTUnwrap(pageText.utf8.firstRange(of: word.utf8))
        let start = pageText.utf8.distance(from: pageText.utf8.startIndex, to: found.lowerBound)
        return TextRange(TextPosition(section: page, block: 0, utf8Offset: start),
                         TextPosition(section: page, block: 0, utf8Offset: start + word.utf8.count))
    }

    /// Window rectangle of `range` as shown now (one line).
    private func windowRect(of range: TextRange, in text: PDFTextLayout, _ harness: ViewerHarness) throws -> ContentRect {
        let rect = try XCTUnwrap(text.rects(of: range, within: 0...1_000_000).first)
        let y = offset(harness)
        return ContentRect(x: rect.x, y: rect.y - y, width: rect.width, height: rect.height)
    }

    /// How many pixels of `rect` (window px) are near `colour` (0xRRGGBB).
    private func pixels(of colour: UInt32, in rect: ContentRect, _ harness: ViewerHarness) -> Int {
        var count = 0
        for y in Int(rect.y.rounded(.up))..<Int(rect.maxY) {
            for x in Int(rect.x.rounded(.up))..<Int(rect.maxX) {
                let pixel = harness.pixel(x: x, y: y)
                let close = [16, 8, 0].allSatisfy { abs(Int((pixel >> $0) & 0xff) - Int((colour >> $0) & 0xff)) < 24 }
                if close { count += 1 }
            }
        }
        return count
    }

    func testFindInAPDFGlidesToTheMatchIgnoringDiacriticsHighlightsItAndEnterGoesOn() throws {
        let (harness, _, text) = try harness()
        harness.send(.key("f", modifiers: .control))
        XCTAssertEqual(harness.viewer.takeRequests(), [.setTextInput(true)])
        type("ЕЛКА", into: harness)
        let match = try range(of: "Ёлка", onPage: 7, in: text, harness)
        frames(harness) { harness.viewer.findStatus == "1 of 1" && !harness.frames.last!.isAnimating && offset(harness) > 0 }
        XCTAssertEqual(harness.viewer.findStatus, "1 of 1")
        let glide = Set(harness.frames.map { $0.traced.contentOffset.y }).filter { $0 > 0 }
        XCTAssertGreaterThan(glide.count, 5, "an animated scroll, not a cut")
        let shown = try windowRect(of: match, in: text, harness)
        XCTAssertTrue(shown.y > 60 && shown.maxY < 600, "the match shows below the find field: \(shown)")
        // The current match's orange, multiplied into the white page (255, 153, 38).
        frames(harness) { pixels(of: 0xFF9926, in: shown, harness) > 20 }
        XCTAssertGreaterThan(pixels(of: 0xFF9926, in: shown, harness), 20, "the match is highlighted on the page")

        for _ in 0..<4 { harness.send(.key("BackSpace", modifiers: [])) }
        type("cafe", into: harness)
        frames(harness) { harness.viewer.findStatus == "1 of 4" && !harness.frames.last!.isAnimating }
        XCTAssertEqual(harness.viewer.findStatus, "1 of 4", "CAFÉ, café and cafe on page 8, café on page 11")
        let onPage8 = offset(harness)
        for _ in 0..<3 { harness.send(.key("Return", modifiers: [])) }
        frames(harness) { !harness.frames.last!.isAnimating && offset(harness) > onPage8 + 1000 }
        XCTAssertEqual(harness.viewer.findStatus, "4 of 4")
        XCTAssertGreaterThan(offset(harness), onPage8 + 1000, "Enter went on to page 11")
        harness.send(.key("Return", modifiers: .shift))
        frames(harness) { !harness.frames.last!.isAnimating && offset(harness) < onPage8 + 1000 }
        XCTAssertEqual(harness.viewer.findStatus, "3 of 4", "Shift+Enter goes back")
        XCTAssertEqual(offset(harness), onPage8, accuracy: 400, "back on page 8")
    }

    func testAPDFsTextIsSelectedByDoubleAndTripleClickDragAndShiftClickAndCopied() throws {
        let (harness, pdf, text) = try harness(atPage: 7)
        let noir = try range(of: "noir", onPage: 7, in: text, harness)
        let le = try range(of: "Le", onPage: 7, in: text, harness)
        // The viewer's own text of the page, which its clicks select from, arrives on a worker
        // too: on a loaded machine after the test's. The page's pixels come from the renderer
        // processes, which the selection's tint is multiplied into.
        frames(harness) { harness.frames.count > 3 && !pdf.isPending(section: 7) && pdf.isSharp }
        let noirRect = try windowRect(of: noir, in: text, harness), leRect = try windowRect(of: le, in: text, harness)
        let top = offset(harness)
        func press(_ rect: ContentRect, at fraction: Double = 0.5) {
            harness.send(.pointerMotion(LogicalPoint(x: rect.x + rect.width * fraction, y: rect.y + rect.height / 2)))
            harness.send(.pointerButton(DocumentViewerButtons.left, isPressed: true))
        }
        func release() { harness.send(.pointerButton(DocumentViewerButtons.left, isPressed: false)) }
        func primary() -> String? {
            let requests = harness.viewer.takeRequests()
            guard case .copy(let range, false, true)? = requests.last(where: {
                if case .copy = $0 { return true } else { return false }
            }) else { return nil }
            return pdf.file.text(in: range)
        }
        // A double click: the word.
        press(noirRect); release(); press(noirRect); release()
        XCTAssertEqual(primary(), "noir")
        let tint = pixels(of: 0xB2D1FF, in: noirRect, harness)
        XCTAssertGreaterThan(tint, 20, "the selection is drawn over the page")
        // A third click: the line.
        press(noirRect); release()
        XCTAssertEqual(primary(), "Le CAFÉ est noir et la")
        // A drag from "Le" to the middle of "noir".
        harness.runUntilIdle()
        harness.send(.pointerMotion(LogicalPoint(x: 10, y: 10)))
        press(leRect, at: 0.05)
        harness.send(.pointerMotion(LogicalPoint(x: noirRect.maxX - 1, y: noirRect.y + noirRect.height / 2)))
        release()
        XCTAssertEqual(primary(), "Le CAFÉ est noir")
        XCTAssertEqual(offset(harness), top, accuracy: 1, "a mouse drag selects, it does not scroll")
        // Shift+click on the next line extends it.
        let lesu = try windowRect(of: try range(of: "лесу", onPage: 7, in: text, harness), in: text, harness)
        harness.send(.pointerMotion(LogicalPoint(x: lesu.maxX - 1, y: lesu.y + lesu.height / 2)))
        harness.viewer.handle(ViewerInput(.pointerButton(DocumentViewerButtons.left, isPressed: true), timeMilliseconds: harness.time,
                                          serial: 1, heldModifiers: .shift))
        release()
        XCTAssertEqual(primary(), "Le CAFÉ est noir et la\nЁлка стоит в лесу")
        // Ctrl+A, Ctrl+C: the whole PDF's text, as poppler reads it.
        harness.send(.key("a", modifiers: .control))
        harness.send(.key("c", modifiers: .control))
        XCTAssertTrue(harness.viewer.takeRequests().contains(.copy(.all, toClipboard: true, toPrimary: true)))
        let all = pdf.file.text(in: .all)
        XCTAssertTrue(all.hasPrefix("Page 1\n"), String(all.prefix(40)))
        XCTAssertTrue(all.contains("Ёлка стоит в лесу.\nUn café, encore un cafe."))
        XCTAssertTrue(all.hasSuffix("Line 56 of page 12: the quick brown fox jumps over the lazy dog, a finger moves it at 35 px/s."),
                      String(all.suffix(100)))
    }

    func testALongPressOnAPDFSelectsAWordAndADragThatStartsAsAScrollStaysOne() throws {
        let (harness, pdf, text) = try harness(atPage: 7)
        let noir = try windowRect(of: try range(of: "noir", onPage: 7, in: text, harness), in: text, harness)
        frames(harness) { harness.frames.count > 3 }
        _ = harness.viewer.takeRequests()
        let start = offset(harness)
        harness.touchDown(noir.x + noir.width / 2, noir.y + noir.height / 2)
        XCTAssertTrue(harness.viewer.wantsLongPressTimer)
        harness.viewer.longPressTimerFired()
        harness.drawFrame()
        let requests = harness.viewer.takeRequests()
        guard case .copy(let range, false, true)? = requests.first(where: {
            if case .copy = $0 { return true } else { return false }
        }) else { return XCTFail("no selection offered: \(requests)") }
        XCTAssertEqual(pdf.file.text(in: range), "noir", "the word under the finger")
        // Two handles in GNOME's accent blue stand at the word's ends.
        let around = ContentRect(x: noir.x - 30, y: noir.y - 10, width: noir.width + 60, height: noir.height + 40)
        let accent = pixels(of: 0x3584E4, in: around, harness)
        XCTAssertGreaterThan(accent, 60, "the handles are drawn")
        harness.touchUp()
        XCTAssertEqual(offset(harness), start, "a long press does not scroll")
        _ = harness.viewer.takeRequests()
        // A tap clears; a drag over the text scrolls and selects nothing.
        harness.tap(noir.x + noir.width / 2, noir.y + 200)
        harness.drag(from: LogicalPoint(x: noir.x + 5, y: noir.y + 300), to: LogicalPoint(x: noir.x + 5, y: noir.y + 100))
        harness.runUntilIdle()
        XCTAssertGreaterThan(offset(harness), start + 150, "a drag that starts as a scroll stays a scroll")
        XCTAssertFalse(harness.viewer.takeRequests().contains { if case .copy = $0 { return true } else { return false } })
    }

    func testFindInAPagedPDFTurnsToTheMatchsPage() throws {
        let (harness, _, _) = try harness(paged: true)
        harness.send(.key("f", modifiers: .control))
        type("ёлка", into: harness)
        frames(harness) { harness.frames.last!.traced.pageControl.currentPage == 7 && !harness.frames.last!.isAnimating }
        XCTAssertEqual(harness.viewer.findStatus, "1 of 1")
        XCTAssertEqual(harness.frames.last!.traced.pageControl.currentPage, 7, "turned to page 8")
        XCTAssertEqual(harness.frames.last!.traced.contentOffset.x, 7 * 800, accuracy: 1)
        harness.send(.key("BackSpace", modifiers: []))
        for _ in 0..<3 { harness.send(.key("BackSpace", modifiers: [])) }
        type("another", into: harness)
        frames(harness) { harness.frames.last!.traced.pageControl.currentPage == 10 && !harness.frames.last!.isAnimating }
        XCTAssertEqual(harness.frames.last!.traced.pageControl.currentPage, 10, "and on to page 11")
    }

    func testAWebLinkInAPDFShowsAHandAndAClickOrTapHandsItToTheDesktop() throws {
        let (harness, pdf, text) = try harness(atPage: 7)
        let home = try windowRect(of: try range(of: "GNOME", onPage: 7, in: text, harness), in: text, harness)
        // The link arrives with the page's preview.
        frames(harness) { pdf.link(at: ContentPoint(x: home.x + 2, y: home.y + home.height / 2 + offset(harness)),
                                   zoom: 1) != nil }
        _ = harness.viewer.takeRequests()
        let point = LogicalPoint(x: home.x + home.width / 2, y: home.y + home.height / 2)
        harness.send(.pointerMotion(point))
        XCTAssertTrue(harness.viewer.takeRequests().contains(.setPointerLook(.hand)), "a hand over the link")
        harness.send(.pointerButton(DocumentViewerButtons.left, isPressed: true))
        harness.send(.pointerButton(DocumentViewerButtons.left, isPressed: false))
        XCTAssertTrue(harness.viewer.takeRequests().contains(.openURL("https://gnome.org")))
        harness.send(.pointerMotion(LogicalPoint(x: point.x, y: point.y + 60)))
        XCTAssertTrue(harness.viewer.takeRequests().contains(.setPointerLook(.text)), "an I-beam over text")
        // With a selection shown, a tap on the link still follows it.
        harness.send(.key("a", modifiers: .control))
        _ = harness.viewer.takeRequests()
        harness.tap(point.x, point.y)
        XCTAssertTrue(harness.viewer.takeRequests().contains(.openURL("https://gnome.org")), "a tap follows it too")
    }

    func testMatchesAreHighlightedWhereTheZoomedPageDrawsThem() throws {
        let (harness, _, text) = try harness(atPage: 7)
        harness.send(.pointerMotion(LogicalPoint(x: 100, y: 100)))
        for _ in 0..<4 {
            harness.send(.pointerAxis(source: .wheel, delta: LogicalPoint(x: 0, y: -10),
                                      value120: AxisPair(horizontal: 0, vertical: -120), modifiers: .control))
        }
        harness.runUntilIdle()
        let zoom = harness.frames.last!.traced.zoomScale
        XCTAssertGreaterThan(zoom, 1.3, "zoomed in")
        harness.send(.key("f", modifiers: .control))
        type("noir", into: harness)
        let match = try range(of: "noir", onPage: 7, in: text, harness)
        frames(harness) { harness.viewer.findStatus == "1 of 1" && !harness.frames.last!.isAnimating }
        let rect = try XCTUnwrap(text.rects(of: match, within: 0...1_000_000).first)
        let offset = harness.frames.last!.traced.contentOffset
        let shown = ContentRect(x: rect.x * zoom - offset.x, y: rect.y * zoom - offset.y, width: rect.width * zoom,
                                height: rect.height * zoom)
        XCTAssertTrue(shown.x >= 0 && shown.maxX <= 800 && shown.y >= 0 && shown.maxY <= 600, "on screen: \(shown)")
        frames(harness) { pixels(of: 0xFF9926, in: shown, harness) > Int(shown.width * shown.height / 3) }
        XCTAssertGreaterThan(pixels(of: 0xFF9926, in: shown, harness), Int(shown.width * shown.height / 3),
                             "the highlight covers the zoomed word")
        let beside = ContentRect(x: shown.maxX + shown.width, y: shown.y, width: shown.width, height: shown.height)
        XCTAssertEqual(pixels(of: 0xFF9926, in: beside, harness), 0, "and nothing beside it")
    }
}
