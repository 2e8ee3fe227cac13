import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// Paging: a directory of images opens as pages with a page control.
final class PagingTests: GlideTestCase {
    private var cards: String?

    override func tearDown() {
        if let cards { try? FileManager.default.removeItem(atPath: cards) }
        super.tearDown()
    }

    /// Whether the window shows card `number` at (x, y): its colour, within cairo's rounding.
    private func showsCard(_ number: Int, in image: SurfaceImage, x: Int = 400, y: Int = 60) -> Bool {
        let (red, green, blue) = Cards.colours[(number - 1) % Cards.colours.count]
        let pixel = image.rgb(x: x, y: y)
        let channels = [pixel >> 16, (pixel >> 8) & 0xff, pixel & 0xff].map(Double.init)
        return zip(channels, [red, green, blue]).allSatisfy { abs($0 - $1 * 255) <= 2 }
    }

    /// Whether card `number` is shown once its decoder has delivered it (images decode in a
    /// process of their own; the frames before show a placeholder), within 10 s.
    private func showsDecodedCard(_ number: Int, in session: GlideSession) throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            try session.runUntilIdle()
            if showsCard(number, in: try session.image) { return true }
            usleep(20_000)
        }
        return false
    }

    func testAFlickMovesExactlyOnePageAndThePageControlDotFollows() throws {
        let cards = try Cards.writeDirectory(count: 4, width: 400, height: 300)
        self.cards = cards
        let session = try start(document: .paths([cards]))
        let first = try XCTUnwrap(try session.trace().last)
        XCTAssertEqual([first.page, first.pages], [0, 4])
        var dots = try session.image.pageControlDots()
        XCTAssertEqual(dots.centres.count, 4, "four dots: \(dots.centres)")
        XCTAssertEqual(dots.current, 0, "the first is current")
        XCTAssertTrue(try showsDecodedCard(1, in: session))

        // A gentle flick and a hard one: each moves exactly one page.
        for (page, distance) in [(1, -200.0), (2, -700.0)] {
            try session.horizontalFlick(from: 600, y: 300, by: distance, steps: distance < -500 ? 2 : 5)
            try session.runUntilIdle()
            let rest = try XCTUnwrap(try session.trace().last)
            XCTAssertEqual(rest.x, 800 * Double(page), "a flick of \(-distance) px moves exactly one page")
            XCTAssertEqual(rest.page, page)
            dots = try session.image.pageControlDots()
            XCTAssertEqual(dots.centres.count, 4)
            XCTAssertEqual(dots.current, page, "dot \(page + 1) is current: \(dots)")
            XCTAssertTrue(try showsDecodedCard(page + 1, in: session), "card \(page + 1) is shown")
        }
        print("paging: dots at \(dots.centres), current \(dots.current ?? -1)")
    }

    /// Issue 28, item 5: on a zoomed image, Page Down pans it to its bottom and the next Page
    /// Down turns the page; Page Up pans a zoomed image to its top and the next turns back.
    func testPageDownAndPageUpTurnAZoomedImageAtItsEdge() throws {
        let cards = try Cards.writeDirectory(count: 3, width: 1600, height: 1200)
        self.cards = cards
        let session = try start(document: .paths([cards]))
        XCTAssertTrue(try showsDecodedCard(1, in: session))
        let zoomed = { () throws -> TraceFrame in
            try session.type(.equal, with: [.leftControl])
            try session.runUntilIdle()
            let rest = try XCTUnwrap(try session.trace().last)
            XCTAssertEqual(rest.zoom, 1.2, accuracy: 1e-6, "one Ctrl+plus step")
            return rest
        }
        let press = { (key: KeyCode) throws -> TraceFrame in
            try session.type(key)
            try session.runUntilIdle()
            return try XCTUnwrap(try session.trace().last)
        }
        let start = try zoomed()
        var rest = try press(.pageDown)
        XCTAssertEqual([rest.page, rest.pages], [0, 3], "the first Page Down pans the zoomed image")
        XCTAssertGreaterThan(rest.y, start.y, "down to its bottom")
        rest = try press(.pageDown)
        XCTAssertEqual([rest.page, rest.pages], [1, 3], "the second, at its bottom, turns the page")
        XCTAssertEqual(rest.zoom, 1, "the next image opens unzoomed")
        XCTAssertTrue(try showsDecodedCard(2, in: session))
        let second = try zoomed()
        rest = try press(.pageUp)
        XCTAssertEqual(rest.page, 1, "the first Page Up pans the zoomed image")
        XCTAssertLessThan(rest.y, second.y, "up to its top")
        rest = try press(.pageUp)
        XCTAssertEqual(rest.page, 0, "the second, at its top, turns back")
        XCTAssertEqual(rest.zoom, 1)
        XCTAssertTrue(try showsDecodedCard(1, in: session))
        print("zoomed image: Page Down from y \(start.y) to the bottom, then page 1; Page Up back to page \(rest.page)")
    }
}
