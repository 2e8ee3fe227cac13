import Foundation
import TestSupport
import XCTest

/// A README full of GitHub's HTML in a real compositor (issue 29): what it shows and copies,
/// `<details>` opened by a click and by find, and a row of remote badges that stays a row.
final class HeadlessSwayHTMLReadmeTests: XCTestCase {
    private var session: ReadmeSession!

    /// The logo's colour, which nothing else on the page has.
    private let logoColour: UInt32 = 0x2E_8B_57

    /// Every element the issue names, as READMEs write them.
    private let readme = """
        <p align="center">
          <img src="logo.png" width="96" height="96" alt="Logo">
        </p>

        <h1 align="center">Glide HTML</h1>

        <div align="center">

        [![build](https://img.shields.io/badge/build-passing-green)](https://example.com/ci)
        [![licence](https://img.shields.io/badge/licence-MIT-blue)](https://example.com/licence)

        </div>

        Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to copy. E = mc<sup>2</sup> and H<sub>2</sub>O.<br>
        A second line after a break.

        <!-- a comment that must not show -->

        <details>
        <summary>Build options</summary>

        The hidden zebra body.

        </details>

        <table>
          <tr><th>Key</th><th>Action</th></tr>
          <tr><td><kbd>j</kbd></td><td>Scroll down</td></tr>
        </table>

        <picture>
          <source srcset="https://example.com/remote.png">
          <img src="logo.png" width="48" alt="Picture logo">
        </picture>

        <a name="anchor-target"></a>
        Anchored paragraph, [back to it](#anchor-target).

        After everything.
        """

    override func setUpWithError() throws {
        session = try ReadmeSession()
        session.writePicture("logo.png", colour: logoColour, width: 96, height: 96)
    }

    override func tearDown() {
        session?.close()
        session = nil
    }

    private var sway: HeadlessSway { session.sway }
    private var tracePath: String { session.tracePath }

    private func open(_ markdown: String, name: String = "README.md") throws { try session.open(markdown, name: name) }
    private func restingOffset() throws -> Double { try session.restingOffset() }
    private func wtype(_ arguments: [String]) throws { try session.wtype(arguments) }
    private func copiedText() throws -> String { try session.copiedText() }
    private func textLines(in image: RGBImage) -> [ClosedRange<Int>] { image.textLines }
    private func save(_ name: String) throws { try session.save(name) }

    func testCtrlAAndCtrlCCopyTheReadmesTextWithNoTagAndNothingHidden() throws {
        try open(readme)
        try save("readme")
        let copied = try copiedText()
        XCTAssertNil(copied.firstRange(of: #/<[A-Za-z!/]/#), "no tag is copied: \(copied)")
        for shown in ["Glide HTML", "build licence", "Press Ctrl+C to copy. E = mc2 and H2O.\nA second line after a break.",
                      "Build options", "Key", "Scroll down", "Anchored paragraph, back to it.", "After everything."] {
            XCTAssertTrue(copied.contains(shown), "'\(shown)' is copied: \(copied)")
        }
        for hidden in ["comment", "hidden zebra", "remote.png", "align"] {
            XCTAssertFalse(copied.contains(hidden), "'\(hidden)' is not: \(copied)")
        }
    }

    func testTheLogoIsCentredAtItsSizeAndThePictureShowsItsLocalImage() throws {
        try open(readme)
        let shot = try sway.screenshot()
        // Each row's run of the logo's colour: 96 px for the logo, 48 px for the picture.
        var runs: [(y: Int, columns: ClosedRange<Int>)] = []
        for y in 0..<shot.height {
            let columns = (0..<shot.width).filter { shot.rgb(x: $0, y: y) == logoColour }
            if let first = columns.first, let last = columns.last { runs.append((y, first...last)) }
        }
        let logo = runs.filter { $0.columns.count == 96 }
        XCTAssertEqual(logo.count, 96, "the logo is the 96 px square it asks for")
        let middle = Double(shot.width) / 2
        for run in logo {
            XCTAssertEqual(Double(run.columns.lowerBound + run.columns.upperBound) / 2, middle, accuracy: 1, "centred")
        }
        let picture = runs.filter { $0.columns.count == 48 }
        XCTAssertEqual(picture.count, 48, "the picture shows logo.png at 48 px, not its remote source")
        XCTAssertEqual(runs.count, 96 + 48, "and nothing else has the logo's colour")
        // The heading below the logo is centred too: its ink's middle is the window's.
        let lines = textLines(in: shot)
        let logoBottom = try XCTUnwrap(logo.last?.y)
        let heading = try XCTUnwrap(lines.first { $0.lowerBound > logoBottom })
        let inked = (0..<shot.width).filter { x in heading.contains { shot.luminance(x: x, y: $0) < 100 } }
        XCTAssertEqual(Double(inked.first! + inked.last!) / 2, middle, accuracy: 4, "the heading is centred")
    }

    private let detailsDocument = """
        Before the details.

        <details>
        <summary>Build options</summary>

        The hidden zebra body.

        </details>

        After the details.
        """

    func testAClickOnTheSummaryOpensTheDetailsAndASecondClosesThem() throws {
        try open(detailsDocument, name: "details.md")
        let closed = textLines(in: try sway.screenshot())
        XCTAssertEqual(closed.count, 3, "before, the summary and after: \(closed)")
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        let summaryY = (closed[1].lowerBound + closed[1].upperBound) / 2
        let shot = try sway.screenshot()
        let summaryX = try XCTUnwrap((0..<shot.width).first { shot.luminance(x: $0, y: summaryY) < 100 })
        try pointer.click(x: summaryX + 40, y: summaryY)
        _ = try restingOffset()
        try save("details-open")
        XCTAssertEqual(textLines(in: try sway.screenshot()).count, 4, "the body shows under the summary")
        XCTAssertTrue(try copiedText().contains("The hidden zebra body."), "and is copied")
        try pointer.click(x: summaryX + 40, y: summaryY)
        _ = try restingOffset()
        XCTAssertEqual(textLines(in: try sway.screenshot()).count, 3, "a second click closes it")
    }

    func testFindOpensTheClosedDetailsThatHoldTheMatch() throws {
        try open(detailsDocument, name: "details.md")
        try wtype(["-M", "ctrl", "-k", "f", "-m", "ctrl", "zebra"])
        usleep(500_000)
        _ = try restingOffset()
        try save("details-find")
        let shot = try sway.screenshot()
        let orange = shot.matchHighlightPixelCount
        XCTAssertGreaterThan(orange, 100, "the match inside the details is highlighted, so they opened")
        try wtype(["-k", "Escape"])
        XCTAssertTrue(try copiedText().contains("The hidden zebra body."), "they stay open after find")
    }

    func testALinkToAnHTMLAnchorGlidesToTheBlockItMarks() throws {
        // The anchor marks a code block, whose tint across the column shows where it is.
        var markdown = "Read [the notes](#release-notes) first.\n\n"
        for number in 1...120 {
            if number == 100 { markdown += "<a name=\"release-notes\"></a>\n\n```\nThe release notes.\n```\n\n" }
            markdown += "Paragraph \(number) of the README.\n\n"
        }
        try open(markdown, name: "anchors.md")
        let link = try XCTUnwrap(try sway.settledLinkCentres().first, "the link is on screen")
        let pointer = try VirtualPointer(environment: sway.clientEnvironment)
        try pointer.click(x: link.x, y: link.y)
        XCTAssertGreaterThan(try TraceFile.restingOffset(ofTraceAt: tracePath, movedFrom: 0, timeoutSeconds: 15), 3000,
                             "the view went to paragraph 100's neighbourhood")
        try save("anchor")
        // Right of any text in the column, the page is the page colour except on the code block.
        let shot = try sway.screenshot()
        let page = shot.rgb(x: shot.width - 5, y: shot.height / 2)
        let tinted = (0..<shot.height).filter { shot.rgb(x: 900, y: $0) != page }
        let top = try XCTUnwrap(tinted.first, "the marked code block is on screen")
        XCTAssertLessThan(top, 80, "at the top of the window")
    }

    /// The content's height beyond the window: the resting offset at the end.
    private func endOffset(of markdown: String, name: String) throws -> Double {
        try open(markdown, name: name)
        try wtype(["-k", "End"])
        // At rest away from the top: End has been handled (a loaded machine may take longer
        // than one poll to start the glide).
        return try TraceFile.restingOffset(ofTraceAt: tracePath, movedFrom: 0, timeoutSeconds: 15)
    }

    func testEightRemoteBadgesMakeTheReadmeNoTallerThanOneLineOfText() throws {
        let body = (1...60).map { "Paragraph \($0) of the README says what the project does." }.joined(separator: "\n\n")
        let badges = (1...8).map { "[![Badge \($0)](https://img.shields.io/badge/b\($0)-ok-green.svg)](https://example.com/\($0))" }
            .joined(separator: "\n")
        let without = try endOffset(of: "# Project\n\n" + body, name: "plain.md")
        let withBadges = try endOffset(of: "# Project\n\n" + badges + "\n\n" + body, name: "badges.md")
        try save("badges")
        let withLine = try endOffset(of: "# Project\n\nOne line of text.\n\n" + body, name: "line.md")
        XCTAssertGreaterThan(without, 1000, "the README is longer than the window")
        XCTAssertGreaterThan(withBadges, without, "the badges show")
        XCTAssertLessThanOrEqual(withBadges - without, withLine - without,
                                 "eight badges take no more room than one line of text")
    }
}
