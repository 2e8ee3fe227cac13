import GlideDriver
import TestCompositor
import XCTest

/// Find, selection, copy and links in the real glide, driven through the test compositor.
final class ReadingToolsTests: GlideTestCase {
    /// Paragraphs with "zebra" in the 120th and 160th, a link at the top to a heading far down.
    private let document: String = {
        var text = "Alpha bravo charlie delta echo foxtrot golf hotel. [Go to the target](#the-target) now.\n\n"
        for number in 1...200 {
            text += "Paragraph \(number) says something about reading on a screen"
            if number == 120 || number == 160 { text += " and a zebra crossing" }
            text += ".\n\n"
            if number == 150 { text += "## The target\n\n" }
        }
        return text
    }()

    /// The rows and columns of pixels of `color` (0xRRGGBB, within `tolerance` a channel).
    private func box(of color: UInt32, in image: SurfaceImage, tolerance: Int = 24) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<image.height {
            for x in 0..<image.width where close(image.rgb(x: x, y: y), color, tolerance) {
                xs.append(x)
                ys.append(y)
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return (minX...maxX, minY...maxY)
    }

    private func count(_ color: UInt32, in image: SurfaceImage, tolerance: Int = 24) -> Int {
        image.pixels.filter { close($0, color, tolerance) }.count
    }

    private func close(_ pixel: UInt32, _ color: UInt32, _ tolerance: Int) -> Bool {
        (0..<3).allSatisfy { (index: UInt32) -> Bool in
            abs(Int((pixel >> (index * 8)) & 0xff) - Int((color >> (index * 8)) & 0xff)) <= tolerance
        }
    }

    /// The first row with text ink and the first inked column on it.
    private func firstText(in image: SurfaceImage) -> (x: Int, y: Int) {
        for y in 0..<image.height {
            if let x = (0..<image.width).first(where: { image.luminance(x: $0, y: y) < 80 }) { return (x, y) }
        }
        return (0, 0)
    }

    /// Runs frames until the shown frame is past `y` (the search's results arrive from a
    /// worker, so the glide starts a little after the typing), for at most 5 s.
    private func frames(_ session: GlideSession, untilPast y: Double) throws -> Double {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            _ = try session.runUntilIdle()
            let shown = try session.traceOfShownFrame().y
            if shown > y { return shown }
            usleep(20_000)
        }
        return try session.traceOfShownFrame().y
    }

    func testCtrlFAndTypingGlideToTheMatchHighlightItAndEnterGoesToTheNext() throws {
        let session = try start(document: .text(document))
        try session.type(KeyCode.letter("f")!, with: [.leftControl])
        try session.typeText("zebra")
        _ = try session.runUntilIdle()
        let trace = try session.trace()
        let first = try session.traceOfShownFrame().y
        XCTAssertGreaterThan(first, 2000, "the view moved down to paragraph 120")
        let path = trace.map(\.y).filter { $0 > 0 && $0 < first }
        XCTAssertGreaterThan(Set(path).count, 3, "an animated scroll, not a cut: \(trace.suffix(12))")
        let image = try session.image
        XCTAssertGreaterThan(count(0xFB9625, in: image), 150, "the current match in orange")
        try session.writePNG(named: "find-highlights")
        try session.type(.enter)
        _ = try session.runUntilIdle()
        let second = try session.traceOfShownFrame().y
        XCTAssertGreaterThan(second, first + 500, "Enter goes to the next match, paragraph 160")
        try session.type(.enter, with: [.leftShift])
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, first, accuracy: 1, "Shift+Enter back to the first")
        try session.type(.escape)
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, first, accuracy: 1, "Escape closes find and stays")
        XCTAssertEqual(count(0xFB9625, in: try session.image), 0, "no highlight once find is closed")
        XCTAssertTrue(session.client.isRunning, "Escape closed find, it did not quit")
    }

    /// At 1280 px the column's height estimates are further off: the reveal follows the line.
    func testFindInAWideWindowLandsOnTheMatch() throws {
        let session = try start(size: Size(width: 1280, height: 800), document: .text(document))
        try session.type(KeyCode.letter("f")!, with: [.leftControl])
        try session.typeText("zebra")
        _ = try session.runUntilIdle()
        XCTAssertGreaterThan(count(0xFB9625, in: try session.image), 150, "the current match in view, in orange")
    }

    /// On a touchscreen with client-side decorations (GNOME), a touch shows a find button
    /// beside the close button; a tap on it opens find, ready for the on-screen keyboard.
    func testATapOnTheTouchFindButtonOpensFind() throws {
        let session = try start(configuration: Configuration(optionalGlobals: .mutterLike), document: .text(document))
        try session.down(x: 400, y: 300)
        try session.up()
        try session.focusTextInput()
        // The magnifier: one 44 px target left of the close button's, at the top right.
        try session.down(x: 800 - 44 * 1.5, y: 22)
        try session.up()
        try session.compositor.roundtrip("glide to answer the tap")
        XCTAssertTrue(session.compositor.exec { $0.textInputManager.isEnabled }, "find opened and asked for text input")
        XCTAssertEqual(session.compositor.exec { $0.textInputManager.type("zebra") }, 1)
        try session.compositor.roundtrip("glide to take the typed text")
        XCTAssertGreaterThan(try frames(session, untilPast: 2000), 2000)
    }

    func testTextInputTypesIntoTheFindField() throws {
        let session = try start(document: .text(document))
        try session.type(.slash)
        try session.focusTextInput()
        XCTAssertTrue(session.compositor.exec { $0.textInputManager.isEnabled }, "find enables text input")
        XCTAssertEqual(session.compositor.exec { $0.textInputManager.type("zebra", preedit: "zeb") }, 1)
        try session.compositor.roundtrip("glide to take the typed text")
        XCTAssertGreaterThan(try frames(session, untilPast: 2000), 2000, "the on-screen keyboard's text searched")
        try session.type(.escape)
        XCTAssertFalse(session.compositor.exec { $0.textInputManager.isEnabled }, "closing find disables text input")
    }

    func testLongPressSelectsAWordWithHandlesThatDragToExtend() throws {
        let session = try start(document: .text(document))
        let text = firstText(in: try session.image)
        try session.down(x: Double(text.x + 12), y: Double(text.y + 6))
        try session.waitForLongPress()
        let image = try session.image
        XCTAssertGreaterThan(count(0x3584E4, in: image, tolerance: 8), 40, "two accent handles")
        XCTAssertGreaterThan(count(0xB0CDF7, in: image, tolerance: 24), 100, "the selected word's tint")
        try session.writePNG(named: "touch-selection")
        XCTAssertEqual(try session.primarySelectionText(), "Alpha")
        // The finger that pressed drags the selection's end along the line.
        try session.move(x: Double(text.x + 300), y: Double(text.y + 6))
        try session.up()
        _ = try session.runUntilIdle()
        let extended = try XCTUnwrap(session.primarySelectionText())
        XCTAssertTrue(extended.hasPrefix("Alpha bravo charlie"), extended)
        XCTAssertEqual(try session.traceOfShownFrame().y, 0, "selecting did not scroll")
        // A tap elsewhere clears it.
        try session.down(x: 400, y: 400)
        try session.up()
        _ = try session.runUntilIdle()
        XCTAssertEqual(count(0x3584E4, in: try session.image, tolerance: 8), 0, "no handles after a tap elsewhere")
    }

    /// A handle dragged to the bottom edge scrolls the document and the selection grows with it.
    func testATouchSelectionDraggedToTheEdgeAutoscrolls() throws {
        let session = try start(document: .text(document))
        let text = firstText(in: try session.image)
        try session.down(x: Double(text.x + 12), y: Double(text.y + 6))
        try session.waitForLongPress()
        try session.move(x: 300, y: 592)
        for _ in 0..<60 { try session.presentFrame() }
        XCTAssertGreaterThan(try session.traceOfShownFrame().y, 300, "a second at the edge scrolls")
        try session.up()
        _ = try session.runUntilIdle()
        let selected = try XCTUnwrap(session.primarySelectionText())
        XCTAssertTrue(selected.hasPrefix("Alpha bravo") && selected.contains("Paragraph 10 "), selected)
        XCTAssertGreaterThan(count(0x3584E4, in: try session.image, tolerance: 8), 20, "the handles stay")
    }

    func testADragThatStartsAsAScrollStaysAScroll() throws {
        let session = try start(document: .text(document))
        try session.down(x: 400, y: 500)
        try session.drag(x: 400, from: 500, by: -300, steps: 10)
        try session.waitForLongPress()
        try session.up()
        _ = try session.runUntilIdle()
        XCTAssertGreaterThan(try session.traceOfShownFrame().y, 200, "the drag scrolled")
        XCTAssertEqual(count(0x3584E4, in: try session.image, tolerance: 8), 0, "and selected nothing")
    }

    func testAMouseSelectionHeldAtTheBottomEdgeScrolls() throws {
        let session = try start(document: .text(document))
        let text = firstText(in: try session.image)
        try session.pointerEnter(x: 20, y: Double(text.y + 6))
        try session.leftButton(isPressed: true)
        try session.pointerMotion(x: 300, y: 590)
        for _ in 0..<60 { try session.presentFrame() }
        let scrolled = try session.traceOfShownFrame().y
        XCTAssertGreaterThan(scrolled, 300, "a second at the edge scrolls the document")
        try session.leftButton(isPressed: false)
        _ = try session.runUntilIdle()
        let selected = try XCTUnwrap(session.primarySelectionText())
        XCTAssertTrue(selected.hasPrefix("Alpha bravo"), selected)
        XCTAssertTrue(selected.contains("Paragraph 10 "), "the selection grew with the scroll")
    }

    func testSelectAllAndCopyPutTheShownTextOnTheClipboard() throws {
        let session = try start(document: .text("Alpha **bravo** `charlie`.\n\n- one\n- [two](https://gnome.org)\n"))
        try session.type(KeyCode.letter("a")!, with: [.leftControl])
        try session.type(KeyCode.letter("c")!, with: [.leftControl])
        XCTAssertEqual(try session.clipboardText(), "Alpha bravo charlie.\n\n• one\n• two")
        let types = session.compositor.exec { $0.dataDeviceManager.selection?.mimeTypes ?? [] }
        XCTAssertTrue(types.contains("text/plain;charset=utf-8") && types.contains("UTF8_STRING"), "\(types)")
    }

    func testATapOnAnInternalLinkGlidesToItsHeading() throws {
        let session = try start(document: .text(document))
        let link = try XCTUnwrap(box(of: 0x0A5FC2, in: try session.image), "the link's blue text")
        let x = Double(link.x.lowerBound + link.x.upperBound) / 2, y = Double(link.y.lowerBound + link.y.upperBound) / 2
        try session.down(x: x, y: y)
        try session.up()
        _ = try session.runUntilIdle()
        let trace = try session.trace()
        let final = try session.traceOfShownFrame().y
        XCTAssertGreaterThan(final, 4000, "the heading after paragraph 150")
        XCTAssertGreaterThan(Set(trace.map(\.y).filter { $0 > 0 && $0 < final }).count, 3, "animated")
        // The heading is at the top of the window now: bold ink in the first rows.
        let image = try session.image
        XCTAssertGreaterThan((0..<80).reduce(0) { total, y in
            total + (0..<image.width).filter { image.luminance(x: $0, y: y) < 80 }.count
        }, 200, "the heading's text near the top")
    }

    /// After the tap, Alt+Left glides back to the top, Alt+Right to the heading again, and the
    /// mouse's back button (`BTN_SIDE`) back once more.
    func testAltLeftAfterATapOnAnInternalLinkGlidesBackToTheTop() throws {
        let session = try start(document: .text(document))
        let link = try XCTUnwrap(box(of: 0x0A5FC2, in: try session.image), "the link's blue text")
        try session.down(x: Double(link.x.lowerBound + link.x.upperBound) / 2, y: Double(link.y.lowerBound + link.y.upperBound) / 2)
        try session.up()
        _ = try session.runUntilIdle()
        let heading = try session.traceOfShownFrame().y
        XCTAssertGreaterThan(heading, 4000, "the tap followed the link")
        var drawn = try session.trace().count
        try session.type(.left, with: [.leftAlt])
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, 0, "Alt+Left: back at the top")
        let back = try session.trace().dropFirst(drawn).map(\.y).filter { $0 > 0 && $0 < heading }
        XCTAssertGreaterThan(Set(back).count, 3, "glided back, as the link glided there")
        drawn = try session.trace().count
        try session.type(.right, with: [.leftAlt])
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, heading, accuracy: 1, "Alt+Right: at the heading again")
        XCTAssertGreaterThan(Set(try session.trace().dropFirst(drawn).map(\.y).filter { $0 > 0 && $0 < heading }).count, 3)
        try session.pointerEnter(x: 400, y: 300)
        for isPressed in [true, false] {
            try session.input { server, time in
                server.seat.pointer.sendButton(0x113, isPressed: isPressed, time: time)
                server.seat.pointer.sendFrame()
            }
        }
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.traceOfShownFrame().y, 0, "the back button: at the top again")
    }

    func testHelpTogglesWithF1AndATapDismissesIt() throws {
        let session = try start(document: .text(document))
        let before = try session.image.countPixels(darkerThan: 80)
        try session.type(.f1)
        _ = try session.runUntilIdle()
        XCTAssertGreaterThan(try session.image.countPixels(darkerThan: 80), before * 5, "the dark help card")
        try session.writePNG(named: "help")
        try session.down(x: 400, y: 300)
        try session.up()
        _ = try session.runUntilIdle()
        XCTAssertEqual(try session.image.countPixels(darkerThan: 80), before, accuracy: before / 20, "a tap dismissed it")
        XCTAssertEqual(try session.traceOfShownFrame().y, 0)
    }
}
