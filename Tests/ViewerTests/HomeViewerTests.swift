import DocumentKit
import Foundation
import Home
import KindRegistry
import Machinery
import ScrollEngine
import Viewer
import XCTest

/// The home in the viewer, offscreen: a tap opens a document in this window at its saved
/// position, Alt+Left comes back to the home, the keys move and choose, a long press offers
/// "Remove from recent", and back with nothing left in a document's history goes home.
final class HomeViewerTests: XCTestCase {
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-home-viewer-\(UUID())")
    private var paths: [String] = []
    private final class Removed: @unchecked Sendable {
        var uris: [String] = []
    }
    private let removed = Removed()

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        paths = try (0..<5).map { index in
            let path = directory.appendingPathComponent("doc\(index).md").path
            let text = "# Document \(index)\n\n" + (1...200).map { "Paragraph \($0) of document \(index)." }.joined(separator: "\n\n")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Where a reader who paged five screens into the document at `path` is.
    private func anchorFiveScreensDown(in path: String) throws -> ReadingAnchor {
        let harness = ViewerHarness(layout: try KindRegistry.open(path).makeLayout(palette: .light, paged: false))
        for _ in 0..<5 { harness.send(.key("Next", modifiers: [])) }
        harness.runUntilIdle()
        XCTAssertGreaterThan(harness.viewer.scene[harness.viewer.documentPane.view].contentOffset.y, 1000)
        return harness.viewer.readingPosition.anchor
    }

    /// A viewer showing a home of the five documents; opening one finds it where a reader
    /// paged five screens into it.
    private func harness() throws -> (ViewerHarness, HomeLayout) {
        let saved = try anchorFiveScreensDown(in: paths[3])
        // Read as the desktop's list is, each time: a file removed since shows as missing.
        let paths = self.paths
        let entries = { @Sendable in
            paths.enumerated().map { index, path in
                HomeEntry(path: path, title: "Document \(index)", kindName: "Markdown", progress: 0.5,
                          exists: access(path, F_OK) == 0, recentURI: URL(fileURLWithPath: path).absoluteString)
            }
        }
        let removed = self.removed
        let home = HomeLayout(source: HomeSource(loadEntries: entries, loadThumbnail: { _ in nil },
                                                 removeRecent: { removed.uris.append($0) }), palette: .light)
        let harness = ViewerHarness(layout: home)
        // As HomeScreens.openEntry opens, without noting the document in the desktop's list.
        harness.viewer.navigation.hooks.entryOpener = { path, deliver in
            let delivery = LoopThreadValue(deliver)
            return WorkQueue.shared.submit(priority: .immediate) { _ in
                let result = LoopThreadValue(Result { () throws(DocumentError) -> any LoadedDocument in try KindRegistry.open(path) })
                MainThreadMailbox.shared.post {
                    delivery.value(result.value.map { OpenedEntry(document: $0, anchor: saved) })
                }
            }
        }
        harness.viewer.navigation.hooks.homeMaker = { home }
        harness.viewer.navigation.hooks.onBackPastStart = { [unowned navigation = harness.viewer.navigation] in navigation.goHome() }
        harness.deliverBackgroundWork { home.isLoaded }
        harness.runUntilIdle()
        return (harness, home)
    }

    private func centre(ofEntry index: Int, in home: HomeLayout) -> LogicalPoint {
        let frame = home.frame(ofEntry: index)
        return LogicalPoint(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
    }

    /// A home of 30 documents (more than a screen) in a viewer with `options`.
    private func longHome(options: ViewerOptions) -> (ViewerHarness, HomeLayout) {
        let entries = (0..<30).map { index in
            HomeEntry(path: "/docs/\(index).pdf", title: "Document \(index)", kindName: "PDF", progress: nil, exists: true,
                      recentURI: "file:///docs/\(index).pdf")
        }
        let home = HomeLayout(source: HomeSource(loadEntries: { entries }, loadThumbnail: { _ in nil }, removeRecent: { _ in }),
                              palette: .light)
        let harness = ViewerHarness(layout: home, options: options)
        harness.deliverBackgroundWork { home.isLoaded }
        harness.runUntilIdle()
        return (harness, home)
    }

    func testTheHomeFlicksWithIndicatorsAndInPagesShowsAPageControl() throws {
        // Scrolled: a flick glides on after the finger lifts, the indicator shown meanwhile.
        let (scrolled, home) = longHome(options: ViewerOptions())
        XCTAssertGreaterThan(home.contentSize.height, 3 * 600)
        scrolled.drag(from: LogicalPoint(x: 400, y: 500), to: LogicalPoint(x: 400, y: 350), steps: 3)
        let view = { scrolled.viewer.scene[scrolled.viewer.documentPane.view].frame }
        let atLift = view().contentOffset.y
        XCTAssertEqual(view().phase, .decelerating, "a fling after the lift")
        XCTAssertGreaterThan(view().verticalIndicator.opacity, 0, "the indicator shows while it moves")
        scrolled.runUntilIdle()
        XCTAssertGreaterThan(view().contentOffset.y, atLift + 50, "it glided on past where the finger lifted")

        // Paged (`--paging`): a page control with a dot a screen, a drag turns one screen.
        var options = ViewerOptions()
        options.isPaged = true
        let (paged, _) = longHome(options: options)
        let pages = { paged.viewer.scene[paged.viewer.documentPane.view].frame }
        XCTAssertGreaterThan(pages().pageControl.numberOfPages, 2)
        XCTAssertEqual(pages().pageControl.currentPage, 0)
        paged.drag(from: LogicalPoint(x: 400, y: 450), to: LogicalPoint(x: 400, y: 150))
        paged.runUntilIdle()
        XCTAssertEqual(pages().pageControl.currentPage, 1)
        XCTAssertEqual(pages().contentOffset.y, paged.viewer.scene.rects[paged.viewer.documentPane.view].size.height, accuracy: 1)
    }

    func testATapOnAMissingFileSaysWhyInANoticeAndStaysHome() throws {
        let (harness, home) = try harness()
        try FileManager.default.removeItem(atPath: paths[2])
        // The home is read again as it is shown again; here, at once.
        home.refresh()
        harness.deliverBackgroundWork { home.entries.count == 5 && !home.entries[2].exists }
        XCTAssertFalse(home.entries[2].exists)
        let cell = centre(ofEntry: 2, in: home)
        harness.tap(cell.x, cell.y)
        harness.runUntilIdle()
        let notice = try XCTUnwrap(harness.viewer.documentPane.renderer.notice)
        XCTAssertTrue(notice.contains(paths[2]) && notice.contains("no longer there"), notice)
        XCTAssertTrue(harness.viewer.document === home, "the home stays")
        XCTAssertNil(harness.viewer.navigation.documentPath)
    }

    func testATapOpensTheDocumentAtItsSavedPositionAndAltLeftComesBackHome() throws {
        let (harness, home) = try harness()
        let cell = centre(ofEntry: 3, in: home)
        harness.tap(cell.x, cell.y)
        harness.deliverBackgroundWork { harness.viewer.navigation.documentPath == self.paths[3] }
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.navigation.documentPath, paths[3])
        XCTAssertNil(harness.viewer.document.entryChooser, "a document, not the home")
        XCTAssertGreaterThan(harness.viewer.scene[harness.viewer.documentPane.view].contentOffset.y, 1000)
        harness.send(.key("Left", modifiers: .alt))
        harness.runUntilIdle()
        XCTAssertTrue(harness.viewer.document === home, "Alt+Left shows the home again")
        XCTAssertNil(harness.viewer.navigation.documentPath)
    }

    func testTheKeysMoveAlongTheGridAndReturnOpens() throws {
        let (harness, home) = try harness()
        harness.send(.key("Right", modifiers: []))
        XCTAssertEqual(home.focusedEntry, 0)
        harness.send(.key("Right", modifiers: []))
        harness.send(.key("Right", modifiers: []))
        XCTAssertEqual(home.focusedEntry, 2)
        harness.send(.key("Return", modifiers: []))
        harness.deliverBackgroundWork { harness.viewer.navigation.documentPath != nil }
        XCTAssertEqual(harness.viewer.navigation.documentPath, paths[2])
    }

    func testALongPressOffersRemoveFromRecentAndATapOnItRemovesTheEntry() throws {
        let (harness, home) = try harness()
        let cell = centre(ofEntry: 1, in: home)
        harness.touchDown(cell.x, cell.y)
        XCTAssertTrue(harness.viewer.wantsLongPressTimer)
        harness.viewer.longPressTimerFired()
        harness.touchUp()
        XCTAssertEqual(home.offeredEntry, 1)
        XCTAssertNil(harness.viewer.navigation.documentPath, "the long press opened nothing")
        let button = home.frame(ofEntry: 1)
        let removeButton = HomeGrid(viewportWidth: 800, count: 5).removeButtonFrame(ofEntry: 1)
        XCTAssertTrue(button.contains(LogicalPoint(x: removeButton.x + 5, y: removeButton.y + 5)))
        harness.tap(removeButton.x + removeButton.width / 2, removeButton.y + removeButton.height / 2)
        XCTAssertEqual(home.entryCount, 4)
        XCTAssertTrue(FileManager.default.fileExists(atPath: paths[1]), "the file stays")
        let deadline = Date().addingTimeInterval(5)
        while removed.uris.isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(removed.uris, [URL(fileURLWithPath: paths[1]).absoluteString])
    }

    func testBackWithNothingLeftInADocumentsHistoryGoesHome() throws {
        let document = try KindRegistry.open(paths[0])
        let harness = ViewerHarness(layout: document.makeLayout(palette: .light, paged: false))
        harness.viewer.navigation.documentPath = paths[0]
        let home = HomeLayout(source: HomeSource(loadEntries: { [] }, loadThumbnail: { _ in nil }, removeRecent: { _ in }), palette: .light)
        harness.viewer.navigation.hooks.homeMaker = { home }
        harness.viewer.navigation.hooks.onBackPastStart = { [unowned navigation = harness.viewer.navigation] in navigation.goHome() }
        harness.send(.key("Left", modifiers: .alt))
        harness.runUntilIdle()
        XCTAssertTrue(harness.viewer.document === home)
        harness.send(.key("Right", modifiers: .alt))
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.navigation.documentPath, paths[0], "forward returns to the document")
        XCTAssertNil(harness.viewer.document.entryChooser)
    }
}
