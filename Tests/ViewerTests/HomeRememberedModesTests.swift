import DocumentKit
import Foundation
import Home
import KindRegistry
import PDFFixtures
import ReadingState
import ScrollEngine
import Viewer
import XCTest

/// A document opened from the home in the same window shows the page modes saved with its
/// reading position (issue 26): its fit, spreads and cover, turn and night pages, as the
/// window opened from the command line with it shows them.
final class HomeRememberedModesTests: XCTestCase {
    private let stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("glide-home-modes-\(UUID())").path
    private var paths: [String] = []

    override func tearDown() {
        for path in paths + [stateHome] { try? FileManager.default.removeItem(atPath: path) }
        super.tearDown()
    }

    private let anchor = ReadingAnchor(section: 5, block: 0, fraction: 0)

    /// The zoom of the document pane once `harness` has come to rest.
    private func zoom(_ harness: ViewerHarness) -> Double {
        harness.viewer.scene[harness.viewer.documentPane.view].zoomScale
    }

    /// The PDF at `path`, saved with `modes` and a quarter turn at page 6, shown as the command
    /// line shows it, and from a home of the same window (paged when `paged`) by a tap on its
    /// entry; both once they have come to rest.
    private func openBothWays(_ path: String, modes: PageModes, paged: Bool) throws -> (direct: ViewerHarness, fromHome: ViewerHarness) {
        let store = ReadingPositionStore(environment: ["XDG_STATE_HOME": stateHome, "HOME": "/nonexistent"])
        store.save(ReadingPosition(anchor: anchor, zoomScale: 1.4, quarterTurns: 1, pageModes: modes), forFileAt: path)
        var options = ViewerOptions()
        options.isPaged = paged

        // As the command line opens it: the app reads the record, and gives the layout the
        // palette the record asks for.
        var directOptions = options
        directOptions.pageModes = modes
        let palette = Palette.forNight(modes.nightPages ?? false)
        let direct = ViewerHarness(layout: try KindRegistry.open(path).makeLayout(palette: palette, paged: paged),
                                   options: directOptions, width: 1280, height: 800, position: (anchor, 1.4), quarterTurns: 1)
        direct.deliverBackgroundWork { direct.frames.last!.isAtRest && direct.viewer.document.zoomScale(fitting: .width) != nil }
        direct.runUntilIdle()

        let harness = openFromHome(path, store: store, options: options)
        harness.deliverBackgroundWork { harness.frames.last!.isAtRest && abs(zoom(harness) - zoom(direct)) < 0.01 }
        harness.runUntilIdle()
        XCTAssertEqual(harness.viewer.navigation.documentPath, path)
        return (direct, harness)
    }

    /// A home of the one document at `path` in a viewer with `options`, the window's places
    /// in `store`; a tap on its entry opens it, as the app's home does (`HomeScreens.openEntry`).
    private func openFromHome(_ path: String, store: ReadingPositionStore, options: ViewerOptions) -> ViewerHarness {
        let home = HomeLayout(source: HomeSource(loadEntries: {
            [HomeEntry(path: path, title: "Numbered", kindName: "PDF", progress: 0.4, exists: true, recentURI: nil)]
        }, loadThumbnail: { _ in nil }, removeRecent: { _ in }), palette: Palette.forNight(options.forcesNightPages || options.desktopPrefersDark))
        let harness = ViewerHarness(layout: home, options: options, width: 1280, height: 800)
        harness.viewer.navigation.entryOpener = { path, deliver in
            HomeScreens.openEntry(path, positions: store.forTheSameWindow(), joinsRecent: false, deliver: deliver)
        }
        harness.deliverBackgroundWork { home.isLoaded }
        harness.runUntilIdle()
        let cell = home.frame(ofEntry: 0)
        harness.tap(cell.x + cell.width / 2, cell.y + cell.height / 2)
        harness.deliverBackgroundWork { harness.viewer.navigation.documentPath == path }
        return harness
    }

    func testAPDFOpenedFromTheHomeIsTurnedFittedAndInNightPagesAsTheCommandLineShowsIt() throws {
        let path = PDFFixture(pageCount: 12).write()
        paths.append(path)
        let modes = PageModes(nightPages: true, fit: .width)
        let (direct, harness) = try openBothWays(path, modes: modes, paged: true)
        for (viewer, way) in [(direct.viewer, "from the command line"), (harness.viewer, "from the home")] {
            XCTAssertEqual(viewer.quarterTurns, 1, "turned as it was left, \(way)")
            XCTAssertTrue(viewer.showsNightPages, "in night pages, \(way)")
            XCTAssertEqual(viewer.pageModes, modes, "the modes kept, to be saved again, \(way)")
            XCTAssertEqual(viewer.document.readingAnchor.section, anchor.section, "at its page, \(way)")
        }
        // A Letter page on its side, whole in the window, is narrower than it: `w` magnifies it.
        XCTAssertGreaterThan(zoom(direct), 1.1, "fitted to the width")
        XCTAssertEqual(zoom(harness), zoom(direct), accuracy: 0.01, "fitted as the command line fits it")
    }

    func testAPDFOpenedFromTheHomeShowsItsRememberedSpreadsAndCover() throws {
        let path = PDFFixture(pageCount: 12).write()
        paths.append(path)
        let modes = PageModes(spreads: true, spreadsHaveCover: false)
        let (direct, harness) = try openBothWays(path, modes: modes, paged: false)
        for (viewer, way) in [(direct.viewer, "from the command line"), (harness.viewer, "from the home")] {
            XCTAssertEqual(viewer.document.pageSpreads?.showsSpreads, true, "in spreads, \(way)")
            XCTAssertEqual(viewer.document.pageSpreads?.hasCover, false, "the first page paired, \(way)")
            XCTAssertFalse(viewer.showsNightPages, "no night pages: none chosen, the desktop light, \(way)")
        }
        XCTAssertEqual(harness.viewer.document.readingAnchor.section, direct.viewer.document.readingAnchor.section)
        XCTAssertEqual(harness.viewer.pageModes.spreads, true)
        XCTAssertEqual(zoom(harness), zoom(direct), accuracy: 0.01)
    }

    /// A document's own choice of day pages wins over the desktop's dark style, which the home
    /// shows; `--dark` wins over the document's choice, as on the command line.
    func testADocumentsOwnNightPagesChoiceWinsOverTheDesktopsAndDarkWinsOverIt() throws {
        let path = PDFFixture(pageCount: 3).write()
        paths.append(path)
        let store = ReadingPositionStore(environment: ["XDG_STATE_HOME": stateHome, "HOME": "/nonexistent"])
        store.save(ReadingPosition(anchor: .top, zoomScale: 1, pageModes: PageModes(nightPages: false)), forFileAt: path)
        var options = ViewerOptions()
        options.desktopPrefersDark = true
        let harness = openFromHome(path, store: store, options: options)
        harness.runUntilIdle()
        XCTAssertFalse(harness.viewer.showsNightPages, "the document's day pages, though the home was dark")
        XCTAssertEqual(harness.viewer.quarterTurns, 0)
        XCTAssertEqual(harness.viewer.document.pageSpreads?.showsSpreads, false)

        options.forcesNightPages = true
        let forced = openFromHome(path, store: store, options: options)
        forced.runUntilIdle()
        XCTAssertTrue(forced.viewer.showsNightPages, "--dark holds for a document opened from the home too")
    }

    /// Going back to a document from another opened after it in the window (through the
    /// folder view) shows it with its own modes, not the other's; forward gives the other's back.
    func testGoingBackAndForwardBetweenDocumentsGivesEachItsOwnModes() throws {
        let first = PDFFixture(pageCount: 6).write(), second = PDFFixture(pageCount: 6).write()
        paths += [first, second]
        let store = ReadingPositionStore(environment: ["XDG_STATE_HOME": stateHome, "HOME": "/nonexistent"])
        let modes = PageModes(nightPages: true, fit: .width)
        var options = ViewerOptions()
        options.pageModes = modes
        options.isPaged = true
        let harness = ViewerHarness(layout: try KindRegistry.open(first).makeLayout(palette: .forNight(true), paged: true),
                                    options: options, width: 1280, height: 800)
        harness.viewer.navigation.documentPath = first
        harness.deliverBackgroundWork { harness.frames.last!.isAtRest && harness.viewer.document.zoomScale(fitting: .width) != nil }
        harness.runUntilIdle()
        let fitted = zoom(harness)
        XCTAssertGreaterThan(fitted, 1.2, "the first, a page whole in the window, fitted to its width")

        // A list of entries in place of it, as the folder view is shown: the second document.
        let list = HomeLayout(source: HomeSource(loadEntries: {
            [HomeEntry(path: second, title: "Second", kindName: "PDF", progress: nil, exists: true, recentURI: nil)]
        }, loadThumbnail: { _ in nil }, removeRecent: { _ in }), palette: .light)
        harness.viewer.navigation.entryOpener = { path, deliver in
            HomeScreens.openEntry(path, positions: store.forTheSameWindow(), joinsRecent: false, deliver: deliver)
        }
        harness.viewer.navigation.showEntries(list, title: "Open")
        harness.deliverBackgroundWork { list.isLoaded }
        harness.runUntilIdle()
        let cell = list.frame(ofEntry: 0)
        harness.tap(cell.x + cell.width / 2, cell.y + cell.height / 2)
        harness.deliverBackgroundWork { harness.viewer.navigation.documentPath == second }
        harness.runUntilIdle()
        XCTAssertFalse(harness.viewer.showsNightPages, "the second has no choice of its own: the desktop's day")
        XCTAssertNil(harness.viewer.pageModes.nightPages)
        XCTAssertNotEqual(harness.viewer.pageModes.fit, .width)

        for _ in 0..<2 {
            harness.send(.key("Left", modifiers: .alt))
            harness.runUntilIdle()
        }
        XCTAssertEqual(harness.viewer.navigation.documentPath, first, "back through the list to the first")
        harness.deliverBackgroundWork { harness.frames.last!.isAtRest && abs(zoom(harness) - fitted) < 0.01 }
        XCTAssertTrue(harness.viewer.showsNightPages, "the first's night pages")
        XCTAssertEqual(harness.viewer.pageModes, modes, "the first's modes, to be saved with it")
        XCTAssertEqual(zoom(harness), fitted, accuracy: 0.01, "fitted to the width again")

        for _ in 0..<2 {
            harness.send(.key("Right", modifiers: .alt))
            harness.runUntilIdle()
        }
        XCTAssertEqual(harness.viewer.navigation.documentPath, second)
        XCTAssertFalse(harness.viewer.showsNightPages, "the second's day pages")
    }
}
