import DocumentKit
import Foundation
import XCTest
@testable import Machinery
@testable import ReadingState

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

    /// The warnings of stores made by `makeStore`, in order.
    private var warnings: [String] = []

    private func makeStore() -> ReadingPositionStore {
        ReadingPositionStore(environment: ["XDG_STATE_HOME": stateHome, "HOME": "/nonexistent"]) { self.warnings.append($0) }
    }

    /// The path of the record for `documentPath` (saved once to learn its name, then removed).
    private func recordPath() throws -> String {
        makeStore().save(position, forFileAt: documentPath)
        let file = stateHome + "/glide/" + stateFiles[0]
        try FileManager.default.removeItem(atPath: file)
        return file
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

    func testPageModesAreRememberedBesideThePositionAndAnOlderRecordHasNone() throws {
        var night = position
        night.pageModes.nightPages = true
        makeStore().save(night, forFileAt: documentPath)
        XCTAssertEqual(makeStore().position(forFileAt: documentPath)?.pageModes, PageModes(nightPages: true))
        // A record written before page modes existed: the position, and no choice of modes.
        let file = stateHome + "/glide/" + stateFiles[0]
        var record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var saved = try XCTUnwrap(record["position"] as? [String: Any])
        XCTAssertNotNil(saved.removeValue(forKey: "pageModes"), "the modes are in the record")
        // Older than the turns and the history too: a record with none of them is still read.
        XCTAssertNotNil(saved.removeValue(forKey: "quarterTurns"), "the turns are in the record")
        saved.removeValue(forKey: "history")
        record["position"] = saved
        // Older than page modes is older than each window's own place too.
        record.removeValue(forKey: "windows")
        try JSONSerialization.data(withJSONObject: record).write(to: URL(fileURLWithPath: file))
        let older = try XCTUnwrap(makeStore().position(forFileAt: documentPath))
        XCTAssertEqual(older.anchor, position.anchor)
        XCTAssertEqual(older.pageModes, PageModes())
        XCTAssertEqual(older.quarterTurns, 0)
        XCTAssertNil(older.history)
        XCTAssertTrue(warnings.isEmpty, "\(warnings)")
    }

    func testThePagesTurnsAreRememberedAndARecordSavedBeforeTurnsExistedIsUpright() throws {
        let turned = ReadingPosition(anchor: position.anchor, zoomScale: 1, quarterTurns: 3)
        makeStore().save(turned, forFileAt: documentPath)
        XCTAssertEqual(makeStore().position(forFileAt: documentPath)?.quarterTurns, 3)
        let file = stateHome + "/glide/" + stateFiles[0]
        let record = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(record.contains("\"quarterTurns\":3"), record)
        try record.replacingOccurrences(of: ",\"quarterTurns\":3", with: "").replacingOccurrences(of: "\"quarterTurns\":3,", with: "")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let older = try XCTUnwrap(makeStore().position(forFileAt: documentPath), "a record without turns is still read")
        XCTAssertEqual(older.quarterTurns, 0)
        XCTAssertEqual(older.anchor, position.anchor)
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

    func testAnOversizedRecordIsNotReadWholeAndIsReplaced() throws {
        let file = try recordPath()
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: 200 << 20)
        try handle.close()
        let store = makeStore()
        XCTAssertNil(store.position(forFileAt: documentPath))
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("at 209715200 bytes it is not a reading position"), warnings[0])
        store.save(position, forFileAt: documentPath)
        XCTAssertEqual(makeStore().position(forFileAt: documentPath), position)
    }

    func testARecordThatIsADirectoryIsReportedOnceAndLeftAlone() throws {
        let file = try recordPath()
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        let store = makeStore()
        XCTAssertNil(store.position(forFileAt: documentPath))
        store.save(position, forFileAt: documentPath)
        store.save(ReadingPosition(anchor: .top, zoomScale: 1), forFileAt: documentPath)
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings[0].hasSuffix("is a directory, not a regular file; the reading position of this document is not saved"),
                      warnings[0])
        XCTAssertFalse(warnings[0].contains("replaced"))
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    func testStrayTemporariesOfGoneProcessesAreRemoved() throws {
        let file = try recordPath()
        // No process has this ID (it is above the kernel's pid_max).
        let stray = file + ".tmp-2147483646"
        try "{\"half\":".write(toFile: stray, atomically: false, encoding: .utf8)
        let live = file + ".tmp-1"
        try "{\"init is alive\":".write(toFile: live, atomically: false, encoding: .utf8)
        makeStore().save(position, forFileAt: documentPath)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stray))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live), "its process may still be writing it")
    }

    func testAStrayTemporaryIsRemovedWhenTheReaderLeavesWithoutMoving() throws {
        let file = try recordPath()
        let store = makeStore()
        store.save(position, forFileAt: documentPath)
        let stray = file + ".tmp-2147483646"
        try "{\"half\":".write(toFile: stray, atomically: false, encoding: .utf8)
        // A later run reads the position and, unmoved, saves nothing.
        let later = makeStore()
        XCTAssertEqual(later.position(forFileAt: documentPath), position)
        later.save(position, forFileAt: documentPath)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stray))
    }

    /// Issue 28: a name planted at the exact temporary the next save writes through (a hard
    /// link or a symbolic link to another file) is never written through.
    func testALinkPlantedAtTheTemporaryNameIsNotWrittenThrough() throws {
        for plantsSymbolicLink in [false, true] {
            let file = try recordPath()
            let victim = FileManager.default.temporaryDirectory.appendingPathComponent("glide-victim-\(UUID().uuidString)").path
            let victimContent = "the user's own file\n"
            try victimContent.write(toFile: victim, atomically: false, encoding: .utf8)
            let temporary = AtomicFile.temporaryPath(for: file)
            if plantsSymbolicLink {
                try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: victim)
            } else {
                XCTAssertEqual(link(victim, temporary), 0, "cannot plant the hard link: \(String(cString: strerror(errno)))")
            }
            warnings = []
            makeStore().save(position, forFileAt: documentPath)
            let kind = plantsSymbolicLink ? "symbolic link" : "hard link"
            XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), victimContent, "the \(kind)'s target was changed")
            XCTAssertEqual(makeStore().position(forFileAt: documentPath), position, "the record was not saved past the \(kind)")
            XCTAssertEqual(warnings, [], "\(kind)")
            try FileManager.default.removeItem(atPath: victim)
        }
    }

    func testErrorsNameTheirCauseInPlainWords() throws {
        try FileManager.default.createDirectory(atPath: stateHome, withIntermediateDirectories: true)
        try "".write(toFile: stateHome + "/glide", atomically: true, encoding: .utf8)
        makeStore().save(position, forFileAt: documentPath)
        XCTAssertEqual(warnings, ["cannot save the reading position: cannot use '\(stateHome)/glide': Not a directory"])
    }

    // MARK: Each window its own place

    /// The store of a window whose process has ended by the time another asks (no process
    /// has this ID: it is above the kernel's pid_max).
    private func closedWindowStore(_ number: UInt64) -> ReadingPositionStore {
        ReadingPositionStore(environment: ["XDG_STATE_HOME": stateHome, "HOME": "/nonexistent"],
                             owner: WindowOwner(processID: 2_147_483_646, startTicks: number, store: number)) { self.warnings.append($0) }
    }

    private func place(_ block: Int) -> ReadingPosition {
        ReadingPosition(anchor: ReadingAnchor(section: 0, block: block, fraction: 0), zoomScale: 1)
    }

    func testTwoWindowsOnOneDocumentClosedOpenAgainEachAtItsOwnPlaceTheLastReadFirst() {
        let first = closedWindowStore(1), second = closedWindowStore(2)
        XCTAssertNil(first.position(forFileAt: documentPath))
        XCTAssertNil(second.position(forFileAt: documentPath))
        first.save(place(10), forFileAt: documentPath)
        second.save(place(40), forFileAt: documentPath)
        // Both windows have closed.
        let reopened = makeStore(), reopenedAgain = makeStore()
        XCTAssertEqual(reopened.position(forFileAt: documentPath), place(40), "the place read last")
        XCTAssertEqual(reopenedAgain.position(forFileAt: documentPath), place(10), "the other window's place")
        XCTAssertEqual(makeStore().position(forFileAt: documentPath), place(40),
                       "a third window, with both places held, opens where the document was read last")
        reopenedAgain.save(place(12), forFileAt: documentPath)
        reopened.save(place(41), forFileAt: documentPath)
        XCTAssertEqual(stateFiles.count, 1, "one record per document: \(stateFiles)")
        XCTAssertEqual(warnings, [])
    }

    /// The home reads how far each document was read without taking a place; the window it
    /// opens a document in takes one through a store for the same window on a worker, and
    /// keeps it as it saves.
    func testTheHomeReadsTheLatestPlaceWithoutTakingItAndAWorkersStoreTakesItForItsWindow() {
        closedWindowStore(1).save(place(10), forFileAt: documentPath)
        closedWindowStore(2).save(place(40), forFileAt: documentPath)
        let window = makeStore()
        XCTAssertEqual(window.latestPosition(forFileAt: documentPath), place(40))
        XCTAssertEqual(makeStore().latestPosition(forFileAt: documentPath), place(40), "reading took no place")
        XCTAssertEqual(window.forTheSameWindow().position(forFileAt: documentPath), place(40))
        XCTAssertEqual(makeStore().position(forFileAt: documentPath), place(10), "the window holds the place at 40")
        window.save(place(60), forFileAt: documentPath)
        XCTAssertEqual(window.forTheSameWindow().position(forFileAt: documentPath), place(60), "its own place, saved over")
    }

    func testAPlaceHeldByARunningWindowIsNotTakenByAnother() {
        closedWindowStore(1).save(place(10), forFileAt: documentPath)
        let running = makeStore()
        XCTAssertEqual(running.position(forFileAt: documentPath), place(10))
        running.save(place(70), forFileAt: documentPath)
        let closed = closedWindowStore(2)
        XCTAssertEqual(closed.position(forFileAt: documentPath), place(70), "every place held: where it was read last")
        closed.save(place(30), forFileAt: documentPath)
        // The running window still reads at 70; the closed one's place is free.
        XCTAssertEqual(makeStore().position(forFileAt: documentPath), place(30))
        XCTAssertEqual(running.position(forFileAt: documentPath), place(70), "a window keeps its own place")
    }

    func testAWindowOfAProcessIDReusedByAnotherProcessIsClosed() {
        // This process's ID, but started at another time: the window's process has ended.
        let reused = ReadingPositionStore(environment: ["XDG_STATE_HOME": stateHome, "HOME": "/nonexistent"],
                                          owner: WindowOwner(processID: getpid(), startTicks: 1, store: 1)) { _ in }
        XCTAssertNil(reused.position(forFileAt: documentPath))
        reused.save(place(20), forFileAt: documentPath)
        XCTAssertEqual(WindowOwner.status(of: getpid())?.hasEnded, false, "/proc/PID/stat read: this process runs")
        let running = makeStore()
        XCTAssertEqual(running.position(forFileAt: documentPath), place(20))
        running.save(place(21), forFileAt: documentPath)
        // A closed window's place is free again.
        closedWindowStore(9).save(place(5), forFileAt: documentPath)
        XCTAssertEqual(makeStore().position(forFileAt: documentPath), place(5))
    }

    func testARecordOfAnEarlierVersionWithOnePlaceIsRead() throws {
        let file = try recordPath()
        var status = stat()
        XCTAssertEqual(stat(documentPath, &status), 0)
        let canonical = try XCTUnwrap(realpath(documentPath, nil).map { path in defer { free(path) }; return String(cString: path) })
        let record = """
            {"path":"\(canonical)","size":\(status.st_size),"modificationSeconds":\(status.st_mtim.tv_sec),\
            "position":{"anchor":{"section":3,"block":2,"fraction":0.25},"zoomScale":1.5}}
            """
        try record.write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(makeStore().position(forFileAt: documentPath), position)
        XCTAssertEqual(warnings, [])
    }
}
