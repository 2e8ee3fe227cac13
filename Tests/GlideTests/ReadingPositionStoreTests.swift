import Document
import Foundation
import XCTest
@testable import glide

/// The reading-position store: per file, atomic, tolerant of broken and read-only state.
final class ReadingPositionStoreTests: XCTestCase {
    private var stateHome = ""
    private var documentPath = ""

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("glide-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        stateHome = base.appendingPathComponent("state").path
        documentPath = base.appendingPathComponent("notes.md").path
        try "# Notes\n\nSome text.\n".write(toFile: documentPath, atomically: true, encoding: .utf8)
    }

    private func makeStore() -> ReadingPositionStore {
        ReadingPositionStore(environment: ["XDG_STATE_HOME": stateHome, "HOME": "/nonexistent"])
    }

    private let position = ReadingPosition(anchor: ReadingAnchor(section: 3, block: 2, fraction: 0.25), zoomScale: 1.5)

    private var stateFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: stateHome + "/glide")) ?? []
    }

    func testASavedPositionIsRestoredByANewStore() {
        makeStore().save(position, forFileAt: documentPath)
        XCTAssertEqual(makeStore().position(forFileAt: documentPath), position)
        XCTAssertEqual(stateFiles.count, 1, "one file, no temporary left behind: \(stateFiles)")
    }

    func testAnEditedFileStartsAgainFromTheTop() throws {
        makeStore().save(position, forFileAt: documentPath)
        try "# Notes\n\nMore text than before.\n".write(toFile: documentPath, atomically: true, encoding: .utf8)
        XCTAssertNil(makeStore().position(forFileAt: documentPath))
    }

    func testACorruptStateFileIsIgnoredAndReplacedOnTheNextWrite() throws {
        makeStore().save(position, forFileAt: documentPath)
        let file = stateHome + "/glide/" + stateFiles[0]
        try "{not json".write(toFile: file, atomically: true, encoding: .utf8)
        let store = makeStore()
        XCTAssertNil(store.position(forFileAt: documentPath))
        store.save(position, forFileAt: documentPath)
        XCTAssertEqual(makeStore().position(forFileAt: documentPath), position)
    }

    func testAReadOnlyStateDirectoryNeverStopsTheViewer() throws {
        // A regular file where the state directory should be: no write can succeed, even as root.
        try FileManager.default.createDirectory(atPath: stateHome, withIntermediateDirectories: true)
        try "".write(toFile: stateHome + "/glide", atomically: true, encoding: .utf8)
        let store = makeStore()
        store.save(position, forFileAt: documentPath)
        XCTAssertNil(store.position(forFileAt: documentPath))
    }
}
