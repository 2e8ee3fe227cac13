import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// What new users tripped on (issue 12), through the real binary and the test compositor.
final class NewUserTests: GlideTestCase {
    private var directories: [String] = []

    override func tearDown() {
        for directory in directories { try? FileManager.default.removeItem(atPath: directory) }
        super.tearDown()
    }

    /// Types `key` stamped with time 0, as a virtual keyboard (wtype) does.
    private func typeUndated(_ key: KeyCode, in session: GlideSession) throws {
        session.compositor.exec { server in
            let keyboard = server.seat.keyboard
            if keyboard.focus !== session.surface { keyboard.sendEnter(session.surface) }
            keyboard.typeKey(key, time: 0)
        }
        try session.compositor.roundtrip("glide to handle the key")
    }

    func testAKeyStampedZeroAfterAnIdleSpellAnimatesInsteadOfJumping() throws {
        let session = try start()
        try session.runUntilIdle()
        // Five seconds pass with nothing to draw, then wtype's Page Down arrives.
        session.compositor.exec { $0.frameClock.nextFrameTimeMilliseconds += 5_000 }
        let before = try session.trace().count
        try typeUndated(.pageDown, in: session)
        try session.runUntilIdle()
        let after = try session.trace().dropFirst(before)
        XCTAssertGreaterThan(after.filter { $0.y > 0 && $0.y < 560 }.count, 3, "frames along the way: \(after.prefix(4).map { ($0.t, $0.y, $0.phase) })")
        XCTAssertEqual(after.last?.y, 560, "a screen less a line")
    }

    func testEscapeOutsideFullScreenDoesNothingAndControlWQuits() throws {
        let session = try start()
        try session.type(.escape)
        try session.runUntilIdle()
        XCTAssertTrue(session.client.isRunning, "Escape closes only what is transient")
        try session.type(.w, with: [.leftControl])
        XCTAssertEqual(try session.client.waitForExit(), 0)
    }

    func testTheTitleNamesTheFileShownWhenSeveralAreOpen() throws {
        let session = try start(document: .paths(try writeTexts(["# One\n\nShort.\n", "# Two\n\nShort.\n", "# Three\n\nShort.\n"])))
        let toplevel = session.toplevel
        XCTAssertTrue(session.compositor.exec { _ in toplevel.title ?? "" }.contains("part-0.md"))
        try session.type(.pageDown)
        try session.type(.pageDown)
        try session.runUntilIdle()
        XCTAssertTrue(session.compositor.exec { _ in toplevel.title ?? "" }.contains("part-2.md"),
                      session.compositor.exec { _ in toplevel.title ?? "" })
    }

    func testAnImageOpenedAloneOpensItsFolderAtThatImage() throws {
        let cards = try Cards.writeDirectory(count: 5, width: 400, height: 300)
        directories.append(cards)
        let session = try start(document: .paths([cards + "/card-3.png"]))
        try session.runUntilIdle()
        let shown = try XCTUnwrap(try session.trace().last)
        XCTAssertEqual([shown.page, shown.pages], [2, 5])
    }

    func testTextZoomSetsTheTextLargerAndReWrapsItInsideTheWindow() throws {
        // The bundled guide, by name: started with no file, Glide shows its home.
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("resources/default-document.md").path
        let session = try start(document: .paths([guide]))
        try session.runUntilIdle()
        let pitch = try session.image.commonLinePitch()
        for _ in 0..<3 { try session.type(.equal, with: [.leftControl]) }
        try session.runUntilIdle()
        let rest = try XCTUnwrap(try session.trace().last)
        XCTAssertEqual(rest.zoom, 1, "the zoom became the text size")
        let image = try session.image
        XCTAssertGreaterThan(Double(image.commonLinePitch()), Double(pitch) * 1.5, "larger text")
        XCTAssertLessThan(image.rightmostInkColumn(), 800 - 8, "no line runs past the window")
        try session.type(.digit0, with: [.leftControl])
        try session.runUntilIdle()
        XCTAssertEqual(try session.image.commonLinePitch(), pitch, "Ctrl+0: the default size again")
    }

    func testImagesZoomOneAtATimeAndATurnResetsTheZoom() throws {
        let cards = try Cards.writeDirectory(count: 5, width: 400, height: 300)
        directories.append(cards)
        let session = try start(document: .paths([cards]))
        try session.runUntilIdle()
        try session.type(.equal, with: [.leftControl])
        try session.runUntilIdle()
        var rest = try XCTUnwrap(try session.trace().last)
        XCTAssertGreaterThan(rest.zoom, 1.1, "zoom is on for images")
        XCTAssertEqual([rest.page, rest.pages], [0, 5], "the page count never changes with zoom")
        XCTAssertEqual(rest.hIndicator, 0, "no indicator on the page control's axis")
        try session.type(.right)
        try session.runUntilIdle()
        rest = try XCTUnwrap(try session.trace().last)
        XCTAssertEqual([rest.page, rest.pages], [1, 5])
        XCTAssertEqual(rest.zoom, 1, "the zoom of the image left is reset")
    }

    func testALongPagedDocumentShowsAtMostTenDots() throws {
        let words = String(repeating: "Pages turn one at a time and the dots follow them. ", count: 400)
        let session = try start(document: .text((0..<30).map { "## Part \($0)\n\n\(words)\n" }.joined(separator: "\n")),
                                arguments: ["--paging"])
        try session.runUntilIdle()
        let first = try XCTUnwrap(try session.trace().last)
        XCTAssertGreaterThan(first.pages, 50)
        XCTAssertEqual(try session.image.pageControlDots().centres.count, 10)
    }

    func testTheOutlineAnswersHoverClickAndKeys() throws {
        let headings = (0..<12).map { "# Chapter \($0)\n\n" + String(repeating: "Text of the chapter. ", count: 300) }
        let session = try start(document: .text(headings.joined(separator: "\n\n")), arguments: ["--split"])
        try session.runUntilIdle()
        // The outline is the top 35 % (210 px): rows of 48 px from 8 px down.
        let untinted = try session.image.rgb(x: 780, y: 8 + 48 * 2 + 24)
        try session.pointerEnter(x: 400, y: 8 + 48 * 2 + 24)
        try session.runUntilIdle()
        XCTAssertNotEqual(try session.image.rgb(x: 780 - 40, y: 8 + 48 * 2 + 24), untinted, "the hovered row is tinted")
        try session.leftButton(isPressed: true)
        try session.leftButton(isPressed: false)
        try session.runUntilIdle()
        let clicked = try XCTUnwrap(try session.trace().last)
        XCTAssertGreaterThan(clicked.page, 0, "a click pages to chapter 2")
        // Keys go to the hovered outline: Down then Return opens the next chapter.
        try session.type(.down)
        try session.type(.enter)
        try session.runUntilIdle()
        XCTAssertGreaterThan(try XCTUnwrap(try session.trace().last).page, clicked.page)
    }

    /// Markdown texts in a new directory, named part-0.md, part-1.md, …
    private func writeTexts(_ texts: [String]) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        directories.append(directory)
        return try texts.enumerated().map { index, text in
            let path = "\(directory)/part-\(index).md"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }
}
