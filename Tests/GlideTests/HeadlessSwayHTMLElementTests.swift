import Foundation
import TestSupport
import XCTest

/// Each element of GitHub's HTML that READMEs use, and the typography READMEs exposed, as a
/// user sees it in a real compositor (issue 29): read back from screenshots (kept in
/// /tmp/glide-sway-html-*.png to look at), the clipboard and the trace.
final class HeadlessSwayHTMLElementTests: XCTestCase {
    private var session: ReadmeSession!

    /// A picture's colour, which nothing else on the page has.
    private let pictureColour: UInt32 = 0x2E_8B_57
    /// The light page's text column: 720 px centred in the 1280 px output.
    private let columnLeft = 280, columnRight = 1000, windowMiddle = 640.0
    /// The light palette's muted text (`Palette.secondaryText`), which image labels are drawn in.
    private let mutedText: UInt32 = 0x5C_5C_61

    override func setUpWithError() throws {
        session = try ReadmeSession()
    }

    override func tearDown() {
        session?.close()
        session = nil
    }

    private func isInk(_ pixel: UInt32) -> Bool { RGBImage.luminance(of: pixel) < 100 }

    /// The words of text line `line`: runs of ink at most 5 blank columns apart (a word space
    /// of the body text leaves 8, the gap beside an "l" up to 4).
    private func words(in shot: RGBImage, line: ClosedRange<Int>) -> [ClosedRange<Int>] {
        shot.columnRuns(in: line, gap: 6, where: isInk)
    }

    /// Whether `line` is muted text: its darkest pixel is as dark as `Palette.secondaryText`,
    /// not as the body text.
    private func isMuted(_ line: ClosedRange<Int>, in shot: RGBImage) -> Bool {
        (80...120).contains(shot.darkestLuminance(in: line))
    }

    func testNoNetworkIsUsedAndNoFileOutsideTheFolderIsRead() throws {
        // A picture that exists, one folder up, named so that strace's log shows any opening.
        let outside = "glide-outside-\(UUID().uuidString).png"
        session.writePicture("../" + outside, colour: pictureColour, width: 40, height: 40)
        defer { try? FileManager.default.removeItem(atPath: session.directory.deletingLastPathComponent().appendingPathComponent(outside).path) }
        session.writePicture("logo.png", colour: pictureColour, width: 40, height: 40)
        let log = session.directory.appendingPathComponent("strace.log").path
        try session.open("""
            <p align="center"><img src="logo.png" alt="Local logo"></p>

            [![Build](https://img.shields.io/badge/build-passing-green.svg)](https://example.com/ci)
            <img src="http://example.com/plain-http.png" alt="Plain HTTP">
            <img src="//cdn.example.com/scheme-relative.png" alt="Scheme-relative">
            ![Outside](../\(outside))

            <picture><source srcset="https://example.com/remote.webp"><img src="https://example.com/remote.png" alt="Remote"></picture>

            <iframe src="https://example.com/frame.html"></iframe>
            <script src="https://example.com/script.js"></script>
            <link rel="stylesheet" href="https://example.com/style.css">
            <video src="https://example.com/video.mp4" poster="https://example.com/poster.png"></video>

            The end.
            """, wrapper: ["/usr/bin/strace", "-f", "-qq", "-e", "trace=socket,connect,open,openat,openat2", "-o", log])
        let shot = try session.settledScreenshot()
        try session.save("no-network")
        XCTAssertEqual(shot.rowRuns { $0 == pictureColour }.map(\.count), [40], "the local logo is shown, and only it")
        session.endWrappedGlide()
        let calls = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertTrue(calls.contains("logo.png"), "strace saw the local logo read")
        let network = calls.split(separator: "\n").filter { $0.contains("AF_INET") || $0.contains("AF_INET6") }
        XCTAssertEqual(network, [], "no Internet socket is ever made")
        XCTAssertFalse(calls.contains(outside), "the picture outside the folder is never opened")
    }

    func testABreakStartsANewLineCloserThanTheNextParagraph() throws {
        try session.open("First half of the line<br>second half.\n\nThe next paragraph.")
        let shot = try session.settledScreenshot()
        try session.save("br")
        let lines = shot.textLines
        XCTAssertEqual(lines.count, 3, "the break makes two lines of one paragraph: \(lines)")
        guard lines.count == 3 else { return }
        XCTAssertLessThan(lines[1].lowerBound - lines[0].upperBound, lines[2].lowerBound - lines[1].upperBound,
                          "the second line follows the first as a line does, not as a paragraph")
        XCTAssertEqual(try session.copiedText(), "First half of the line\nsecond half.\n\nThe next paragraph.")
    }

    func testAKeyIsDrawnAsAFramedKeyCap() throws {
        /// The rows with a run of at least 30 px of the key cap's frame colour (`Palette.rule`,
        /// 0xCCC9C4): the frame's top and bottom edges, and that run's columns.
        func frameEdges(in shot: RGBImage) -> [(y: Int, columns: ClosedRange<Int>)] {
            (0..<shot.height).flatMap { y in
                shot.columnRuns(in: y...y) { RGBImage.isNear($0, 0xCC_C9_C4, tolerance: 10) }
                    .filter { $0.count >= 30 }.map { (y, $0) }
            }
        }
        try session.open("Press Enter to open it.")
        XCTAssertTrue(frameEdges(in: try session.settledScreenshot()).isEmpty, "plain text draws no frame")
        try session.open("Press <kbd>Enter</kbd> to open it.")
        let shot = try session.settledScreenshot()
        try session.save("kbd")
        let edges = frameEdges(in: shot)
        let line = try XCTUnwrap(shot.textLines.first)
        let found = words(in: shot, line: line)
        XCTAssertEqual(found.count, 5, "\(found)")
        let enter = try XCTUnwrap(found.dropFirst().first, "the second word is the key")
        let top = try XCTUnwrap(edges.first), bottom = try XCTUnwrap(edges.last)
        let enterRows = try XCTUnwrap(shot.inkRows(in: enter, within: line))
        XCTAssertLessThan(top.y, enterRows.lowerBound, "a frame above the key's word")
        XCTAssertGreaterThan(bottom.y, enterRows.upperBound, "and below it")
        for edge in [top, bottom] {
            XCTAssertLessThan(edge.columns.lowerBound, enter.lowerBound, "around the word")
            XCTAssertGreaterThan(edge.columns.upperBound, enter.upperBound)
            XCTAssertLessThan(edge.columns.count, enter.count + 20, "around Enter alone")
        }
        XCTAssertEqual(try session.copiedText(), "Press Enter to open it.")
    }

    func testSuperscriptIsRaisedAndSubscriptLowered() throws {
        try session.open("Level <sup>raised</sup> level <sub>lowered</sub> level")
        let shot = try session.settledScreenshot()
        try session.save("sup-sub")
        let line = try XCTUnwrap(shot.rowRuns(where: isInk).first)
        let band = max(0, line.lowerBound - 10)...min(shot.height - 1, line.upperBound + 10)
        let found = words(in: shot, line: band)
        XCTAssertEqual(found.count, 5, "five words: \(found)")
        guard found.count == 5 else { return }
        // None of the words has a descender: the bottom of its ink is its baseline.
        let bottoms = try found.map { try XCTUnwrap(shot.inkRows(in: $0, within: band)).upperBound }
        XCTAssertEqual(bottoms[0], bottoms[2], "the text around them is on one baseline")
        XCTAssertEqual(bottoms[0], bottoms[4])
        XCTAssertLessThan(bottoms[1], bottoms[0] - 2, "raised sits above the baseline")
        XCTAssertGreaterThan(bottoms[3], bottoms[0] + 2, "lowered sits below it")
    }

    func testAnHTMLTableIsLaidOutAsTheSameGitHubTable() throws {
        try session.open("""
            | Key | Action |
            |---|---|
            | j | Scroll down a line |
            | Page Down | Next screen |
            """, name: "gfm.md")
        let gfm = try session.settledScreenshot()
        try session.open("""
            <table>
              <tr><th>Key</th><th>Action</th></tr>
              <tr><td>j</td><td>Scroll down a line</td></tr>
              <tr><td>Page Down</td><td>Next screen</td></tr>
            </table>
            """, name: "html.md")
        let html = try session.settledScreenshot()
        try session.save("table")
        let lines = html.textLines
        XCTAssertEqual(lines.count, 3, "a row a line: \(lines)")
        XCTAssertEqual(lines, gfm.textLines, "the rows where GitHub's table has them")
        for line in lines {
            XCTAssertEqual(html.columnRuns(in: line, gap: 3, where: isInk), gfm.columnRuns(in: line, gap: 3, where: isInk),
                           "and each row's words in the same columns")
        }
        // The cells are in columns: each row's second cell starts where the header's does.
        let action = try XCTUnwrap(words(in: html, line: lines[0]).last)
        for line in lines {
            let second = words(in: html, line: line).first { $0.lowerBound >= action.lowerBound - 2 }
            // Within the side bearings of A, S and N.
            XCTAssertEqual(Double(second?.lowerBound ?? 0), Double(action.lowerBound), accuracy: 3,
                           "Action, Scroll and Next start at one x")
        }
        let pageDown = try XCTUnwrap(words(in: html, line: lines[2]).dropFirst().first)
        XCTAssertLessThan(pageDown.upperBound, action.lowerBound, "past the first column's widest cell")
    }

    func testAnImageKeepsItsSizeAndSideAndOneNotShownIsItsAltText() throws {
        session.writePicture("logo.png", colour: pictureColour, width: 200, height: 100)
        try session.open("""
            <img src="logo.png" width="64" height="32" align="right" alt="Logo">

            <img src="https://example.com/diagram.png" alt="Architecture diagram">

            After the pictures.
            """)
        let shot = try session.settledScreenshot()
        try session.save("img")
        let rows = shot.rowRuns { $0 == pictureColour }
        let columns = shot.columnRuns(in: 0...(shot.height - 1)) { $0 == pictureColour }
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(columns.count, 1)
        // Scaled from 200×100, the edges blend with the page.
        XCTAssertEqual(rows.first?.count ?? 0, 32, accuracy: 2, "32 px tall, as asked")
        XCTAssertEqual(columns.first?.count ?? 0, 64, accuracy: 2, "64 px wide, as asked")
        XCTAssertEqual(Double(columns.first?.upperBound ?? 0), Double(columnRight), accuracy: 2,
                       "align=right sets it at the column's right edge")
        let copied = try session.copiedText()
        XCTAssertTrue(copied.contains("Architecture diagram"), "the remote image is its alt text: \(copied)")
        let lines = shot.linesOfAnyShade.filter { !rows.contains($0) }
        XCTAssertEqual(lines.count, 2, "below the picture, the label and the paragraph: \(lines)")
        guard lines.count == 2 else { return }
        XCTAssertTrue(isMuted(lines[0], in: shot), "the label is muted, as a browser with images off shows it")
        XCTAssertFalse(isMuted(lines[1], in: shot), "the paragraph is not")
        XCTAssertLessThan(lines[0].count, lines[1].count, "and smaller")
    }

    func testCentredParagraphsAndDivsCentreTheirLines() throws {
        try session.open("""
            <p align="center">A centred HTML paragraph</p>

            <div align="center">

            A centred Markdown paragraph, longer than the first.

            </div>

            A paragraph at the left.
            """)
        let shot = try session.settledScreenshot()
        try session.save("align")
        let lines = shot.textLines
        XCTAssertEqual(lines.count, 3, "\(lines)")
        guard lines.count == 3 else { return }
        for line in lines.prefix(2) {
            let ink = shot.columnRuns(in: line, gap: 50, where: isInk)
            XCTAssertEqual(ink.count, 1)
            XCTAssertEqual(Double(ink[0].lowerBound + ink[0].upperBound) / 2, windowMiddle, accuracy: 4, "centred")
        }
        let left = try XCTUnwrap(shot.columnRuns(in: lines[2], gap: 50, where: isInk).first)
        XCTAssertEqual(Double(left.lowerBound), Double(columnLeft), accuracy: 4, "the last starts at the column's left")
    }

    func testCommentsAndUnknownTagsAreHiddenAndTheirTextShown() throws {
        try session.open("""
            Before <custom-widget data-size="2">inside words</custom-widget> after. <!-- a secret note -->

            <unknown-block>Text of an unknown block.</unknown-block>

            <!--
            A comment of many lines.
            -->
            """)
        let shot = try session.settledScreenshot()
        try session.save("unknown")
        XCTAssertEqual(shot.textLines.count, 2, "two lines of text, no comment: \(shot.textLines)")
        XCTAssertEqual(try session.copiedText(), "Before inside words after.\n\nText of an unknown block.")
    }

    func testAnImageOutsideTheFolderIsAMutedLabelAsARemoteOneIs() throws {
        // A picture that exists, one folder up: it is not read, as a remote one is not fetched.
        let outside = "glide-outside-\(UUID().uuidString).png"
        session.writePicture("../" + outside, colour: pictureColour, width: 40, height: 40)
        defer { try? FileManager.default.removeItem(atPath: session.directory.deletingLastPathComponent().appendingPathComponent(outside).path) }
        try session.open("""
            ![Outside picture](../\(outside))

            ![Remote picture](https://example.com/remote.png)
            """)
        let shot = try session.settledScreenshot()
        try session.save("outside")
        XCTAssertTrue(shot.rowRuns { $0 == pictureColour }.isEmpty, "the picture outside the folder is not shown")
        let labels = shot.linesOfAnyShade
        XCTAssertEqual(labels.count, 2, "two labels and nothing else, no notice box: \(labels)")
        XCTAssertTrue(labels.allSatisfy { isMuted($0, in: shot) }, "both muted")
        if labels.count == 2 { XCTAssertEqual(labels[0].count, labels[1].count, accuracy: 1, "in one style") }
        XCTAssertEqual(try session.copiedText(), "Outside picture\n\nRemote picture")
    }

    func testAClickOnALinkedBadgeFollowsItsLink() throws {
        var markdown = "[![Jump to the notes](https://img.shields.io/badge/notes-here-blue.svg)](#release-notes)\n\n"
        for number in 1...120 {
            if number == 100 { markdown += "## Release notes\n\n" }
            markdown += "Paragraph \(number) of the README.\n\n"
        }
        try session.open(markdown)
        let shot = try session.settledScreenshot()
        let badge = try XCTUnwrap(shot.textLines.first)
        let label = try XCTUnwrap(shot.columnRuns(in: badge, gap: 50, where: isInk).first)
        let pointer = try VirtualPointer(environment: session.sway.clientEnvironment)
        try pointer.click(x: (label.lowerBound + label.upperBound) / 2, y: (badge.lowerBound + badge.upperBound) / 2)
        XCTAssertGreaterThan(try TraceFile.restingOffset(ofTraceAt: session.tracePath, movedFrom: 0, timeoutSeconds: 15), 3000,
                             "the view went to the heading the badge links to")
        try session.save("badge-link")
    }

    func testALogoInAHeadingStaysInItsLine() throws {
        session.writePicture("logo.png", colour: pictureColour, width: 80, height: 80)
        try session.open("# <img src=\"logo.png\" width=\"40\" height=\"40\" alt=\"Logo\"> Project name\n\nThe text.")
        let shot = try session.settledScreenshot()
        try session.save("heading-logo")
        let logoRows = try XCTUnwrap(shot.rowRuns { $0 == pictureColour }.first)
        let logoColumns = try XCTUnwrap(shot.columnRuns(in: logoRows) { $0 == pictureColour }.first)
        let heading = try XCTUnwrap(shot.textLines.first)
        XCTAssertTrue(logoRows.overlaps(heading), "the logo and the heading's text share a line")
        let text = try XCTUnwrap(shot.columnRuns(in: heading, gap: 30, where: isInk).first { $0.lowerBound > logoColumns.upperBound })
        XCTAssertGreaterThan(text.lowerBound, logoColumns.upperBound, "the text follows the logo")
        XCTAssertLessThan(text.lowerBound - logoColumns.upperBound, 16, "a word space after it, no more")
        XCTAssertEqual(shot.textLines.count, 2, "the heading is one line, then the text")
        XCTAssertEqual(try session.copiedText(), "Project name\n\nThe text.", "the logo is not copied")
    }

    func testATableThatFitsTheWindowButNotTheColumnBreaksNoWord() throws {
        try session.open("""
            | Internationalization | Characteristically | Incomprehensibilities | Counterrevolutionary | Uncharacteristically |
            |---|---|---|---|---|
            | Responsibilities | Misunderstandings | Interchangeability | Disproportionately | Representativeness |
            """)
        let shot = try session.settledScreenshot()
        try session.save("wide-table")
        let lines = shot.textLines
        XCTAssertEqual(lines.count, 2, "each row is one line: no word is broken: \(lines)")
        let ink = shot.columnRuns(in: 0...(shot.height - 1), gap: 1000, where: isInk)
        let table = try XCTUnwrap(ink.first)
        XCTAssertGreaterThan(table.count, columnRight - columnLeft, "the table uses the window beyond the column")
        XCTAssertGreaterThan(table.lowerBound, 0)
        XCTAssertLessThan(table.upperBound, shot.width - 1, "and stays inside it")
    }

    func testAWrappedListItemsNextLinesStartUnderItsText() throws {
        try session.open("- " + Array(repeating: "lorem", count: 60).joined(separator: " ") + "\n- a short item")
        let shot = try session.settledScreenshot()
        try session.save("list-wrap")
        let lines = shot.textLines
        XCTAssertGreaterThanOrEqual(lines.count, 3, "the item wraps: \(lines)")
        guard lines.count >= 3 else { return }
        // Runs of ink at most 2 blank columns apart: the bullet apart from the word after it.
        let first = shot.columnRuns(in: lines[0], gap: 3, where: isInk), second = shot.columnRuns(in: lines[1], gap: 3, where: isInk)
        XCTAssertGreaterThan(first.count, 2)
        guard first.count > 1, let next = second.first else { return }
        XCTAssertEqual(next.lowerBound, first[1].lowerBound, "the second line starts under the text, not under the bullet")
        XCTAssertGreaterThan(next.lowerBound, first[0].upperBound)
        let bullet = try XCTUnwrap(shot.columnRuns(in: lines[lines.count - 1], gap: 3, where: isInk).first)
        XCTAssertEqual(bullet, first[0], "the next item's bullet is where the first's is")
    }

    private let openDetails = """
        <details open>
        <summary>Shown options</summary>

        The open body.

        </details>

        After the details.
        """

    func testDetailsMarkedOpenStartOpenAClickClosesThemAndReturnOpensThem() throws {
        try session.open(openDetails)
        let shot = try session.settledScreenshot()
        try session.save("details-open-at-start")
        let lines = shot.textLines
        XCTAssertEqual(lines.count, 3, "the summary, the body and after: \(lines)")
        XCTAssertTrue(try session.copiedText().contains("The open body."))
        let summary = try XCTUnwrap(lines.first)
        let text = try XCTUnwrap(shot.columnRuns(in: summary, gap: 3, where: isInk).last)
        let pointer = try VirtualPointer(environment: session.sway.clientEnvironment)
        try pointer.click(x: text.lowerBound, y: (summary.lowerBound + summary.upperBound) / 2)
        XCTAssertEqual(try linesOnceSettled(count: 2), 2, "a click closes them")
        try session.wtype(["-k", "Return"])
        XCTAssertEqual(try linesOnceSettled(count: 3), 3, "and Return opens them again")
    }

    /// The screen's lines of text once they number `count`, or as they are after 10 s: the
    /// details' blocks are laid out again off the loop, which a loaded machine makes late.
    private func linesOnceSettled(count: Int) throws -> Int {
        _ = try session.restingOffset()
        let deadline = Date().addingTimeInterval(10)
        var lines = try session.settledScreenshot().textLines.count
        while lines != count, Date() < deadline {
            usleep(300_000)
            lines = try session.settledScreenshot().textLines.count
        }
        return lines
    }

    func testADarkPageShowsThePicturesDarkSource() throws {
        let light: UInt32 = 0xE0_40_20, dark: UInt32 = 0x20_60_E0
        session.writePicture("light.png", colour: light, width: 60, height: 60)
        session.writePicture("dark.png", colour: dark, width: 60, height: 60)
        let picture = """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="dark.png">
              <img src="light.png" alt="Logo">
            </picture>

            Under the picture.
            """
        try session.open(picture, environment: ["GTK_THEME": "Adwaita"])
        let lightPage = try session.settledScreenshot()
        XCTAssertEqual(lightPage.rowRuns { $0 == light }.map(\.count), [60], "a light page shows the <img>")
        XCTAssertTrue(lightPage.rowRuns { $0 == dark }.isEmpty)
        try session.open(picture, environment: ["GTK_THEME": "Adwaita:dark"])
        let darkPage = try session.settledScreenshot()
        try session.save("picture-dark")
        XCTAssertEqual(darkPage.rowRuns { $0 == dark }.map(\.count), [60], "a dark page shows the dark source")
        XCTAssertTrue(darkPage.rowRuns { $0 == light }.isEmpty)
    }
}
