import DocumentKit
import Foundation
import XCTest
@testable import ReadingState

/// The history (back and forward) kept with a document's reading position: it comes back in a
/// new run, a record of an earlier version without one still reads, and a history too long for
/// a record loses its farthest places rather than the record.
final class ReadingHistoryStoreTests: XCTestCase {
    private var base = ""
    private var documentPath = ""

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("glide-history-state-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        documentPath = base + "/book.pdf"
        try "%PDF-1.4\n".write(toFile: documentPath, atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: base)
    }

    private func makeStore() -> ReadingPositionStore {
        ReadingPositionStore(environment: ["XDG_STATE_HOME": base + "/state", "HOME": "/nonexistent"]) { _ in }
    }

    private func place(_ page: Int, path: String? = nil) -> ReadingHistory.Place {
        ReadingHistory.Place(path: path ?? documentPath, anchor: ReadingAnchor(section: page, block: 0, fraction: 0),
                             x: 0, yRemainder: 0)
    }

    func testTheHistoryIsKeptWithThePosition() {
        let history = ReadingHistory(back: [place(0), place(11, path: "/tmp/other.md")], forward: [place(20)])
        let position = ReadingPosition(anchor: ReadingAnchor(section: 5, block: 0, fraction: 0), zoomScale: 1, history: history)
        makeStore().save(position, forFileAt: documentPath)
        XCTAssertEqual(makeStore().position(forFileAt: documentPath)?.history, history)
    }

    func testARecordWithoutAHistoryStillReads() throws {
        let position = ReadingPosition(anchor: ReadingAnchor(section: 5, block: 0, fraction: 0), zoomScale: 1)
        makeStore().save(position, forFileAt: documentPath)
        let stored = try XCTUnwrap(makeStore().position(forFileAt: documentPath))
        XCTAssertNil(stored.history)
        XCTAssertEqual(stored.anchor.section, 5)
    }

    /// 200 places with 400-byte paths do not fit a 64 KiB record: the oldest go, the newest stay.
    func testAHistoryTooLongForARecordLosesItsFarthestPlaces() throws {
        let long = "/" + String(repeating: "d", count: 400)
        let history = ReadingHistory(back: (0..<100).map { place($0, path: long) }, forward: (0..<100).map { place($0, path: long) })
        let position = ReadingPosition(anchor: ReadingAnchor(section: 5, block: 0, fraction: 0), zoomScale: 1, history: history)
        makeStore().save(position, forFileAt: documentPath)
        let stored = try XCTUnwrap(makeStore().position(forFileAt: documentPath)?.history, "the record was written")
        XCTAssertGreaterThan(stored.back.count, 10)
        XCTAssertLessThan(stored.back.count + stored.forward.count, 200)
        XCTAssertEqual(stored.back.last, history.back.last, "the first step back is kept")
        XCTAssertEqual(stored.forward.last, history.forward.last, "the first step forward is kept")
    }

    /// Two windows on one document, each with a long history: the record keeps both places
    /// within its bound, each window its own history's nearest steps.
    func testTwoWindowsLongHistoriesShareTheRecord() throws {
        let environment = ["XDG_STATE_HOME": base + "/state", "HOME": "/nonexistent"]
        func store(_ number: UInt64) -> ReadingPositionStore {
            ReadingPositionStore(environment: environment, owner: .current(store: number)) { _ in }
        }
        let long = "/" + String(repeating: "d", count: 400)
        func history(_ first: Int) -> ReadingHistory {
            ReadingHistory(back: (first..<first + 100).map { place($0, path: long) }, forward: [])
        }
        store(1).save(ReadingPosition(anchor: ReadingAnchor(section: 1, block: 0, fraction: 0), zoomScale: 1, history: history(0)),
                      forFileAt: documentPath)
        store(2).save(ReadingPosition(anchor: ReadingAnchor(section: 2, block: 0, fraction: 0), zoomScale: 1, history: history(1000)),
                      forFileAt: documentPath)
        let first = try XCTUnwrap(store(1).position(forFileAt: documentPath)?.history, "the record was written")
        let second = try XCTUnwrap(store(2).position(forFileAt: documentPath)?.history)
        XCTAssertEqual(first.back.last, place(99, path: long), "window 1's first step back")
        XCTAssertEqual(second.back.last, place(1099, path: long), "window 2's first step back")
        XCTAssertGreaterThan(first.back.count + second.back.count, 20)
    }

    /// Places that cannot be (a relative path, a negative page) are left out, the rest kept.
    func testInvalidPlacesAreLeftOut() {
        let history = ReadingHistory(back: [place(3), place(4, path: "relative.md"), place(-1)], forward: [])
        let position = ReadingPosition(anchor: ReadingAnchor(section: 5, block: 0, fraction: 0), zoomScale: 1, history: history)
        makeStore().save(position, forFileAt: documentPath)
        XCTAssertEqual(makeStore().position(forFileAt: documentPath)?.history?.back, [place(3)])
    }
}
