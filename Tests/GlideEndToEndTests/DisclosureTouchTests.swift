import GlideDriver
import TestCompositor
import XCTest

/// `<details>` under a finger (issue 29): a tap on the summary opens it in place, a second
/// closes it; a drag that starts on it scrolls and opens nothing.
final class DisclosureTouchTests: GlideTestCase {
    private let document = """
        Before the details.

        <details>
        <summary>Build options</summary>

        The hidden body, shown once the summary is tapped.

        </details>

        After the details.
        """

    /// The rows with dark ink, as runs: the text lines top to bottom.
    private func textLines(in image: SurfaceImage) -> [ClosedRange<Int>] {
        var lines: [ClosedRange<Int>] = []
        for y in 0..<image.height where (0..<image.width).contains(where: { image.luminance(x: $0, y: y) < 100 }) {
            if let last = lines.last, last.upperBound >= y - 1 {
                lines[lines.count - 1] = last.lowerBound...y
            } else {
                lines.append(y...y)
            }
        }
        return lines
    }

    /// A point on the summary's text: a little into the ink of the second line.
    private func summaryPoint(in image: SurfaceImage, lines: [ClosedRange<Int>]) throws -> (x: Double, y: Double) {
        let y = (lines[1].lowerBound + lines[1].upperBound) / 2
        let x = try XCTUnwrap((0..<image.width).first { image.luminance(x: $0, y: y) < 100 })
        return (Double(x + 40), Double(y))
    }

    func testATapOnTheSummaryOpensTheDetailsAndASecondTapClosesThem() throws {
        let session = try start(document: .text(document))
        let image = try session.image
        let closed = textLines(in: image)
        XCTAssertEqual(closed.count, 3, "before, the summary, after")
        let (summaryX, summaryY) = try summaryPoint(in: image, lines: closed)
        try session.down(x: summaryX, y: summaryY)
        try session.up()
        _ = try session.runUntilIdle()
        try session.writePNG(named: "details-tapped")
        let open = textLines(in: try session.image)
        XCTAssertEqual(open.count, 4, "the body shows under the summary")
        XCTAssertEqual(open[3].lowerBound - open[2].lowerBound, closed[2].lowerBound - closed[1].lowerBound, accuracy: 2,
                       "the body takes the place After had, and After moves down")
        try session.down(x: summaryX, y: summaryY)
        try session.up()
        _ = try session.runUntilIdle()
        XCTAssertEqual(textLines(in: try session.image).count, 3, "a second tap closes it")
    }

    func testADragThatStartsOnTheSummaryScrollsAndOpensNothing() throws {
        let session = try start(document: .text(document + "\n\n" + (1...60).map { "Line \($0)." }.joined(separator: "\n\n")))
        let image = try session.image
        let closed = textLines(in: image)
        let (summaryX, summaryY) = try summaryPoint(in: image, lines: closed)
        try session.down(x: summaryX, y: summaryY)
        for step in 1...10 { try session.move(x: summaryX, y: summaryY - Double(step * 12)) }
        try session.up()
        _ = try session.runUntilIdle()
        XCTAssertGreaterThan(try session.traceOfShownFrame().y, 50, "the drag scrolled")
        try session.type(.home)
        _ = try session.runUntilIdle()
        let lines = textLines(in: try session.image)
        XCTAssertGreaterThan(lines.count, 3)
        XCTAssertEqual(lines[2].lowerBound, closed[2].lowerBound, accuracy: 2,
                       "After is where it was: the details stayed closed")
    }
}
