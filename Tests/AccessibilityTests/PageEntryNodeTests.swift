@testable import Accessibility
import CAccessibility
import CAtk
import DocumentKit
import XCTest

/// A paged document whose go-to-page entry opens and takes text, as the app's model answers.
private final class PagedDocument: AccessibilityModel {
    var entry: (text: String, status: String)?
    var opened = 0
    var committed = 0
    var pages: (current: Int, count: Int)? = (current: 11, count: 245)

    var pageEntry: (text: String, status: String)? { entry }
    var findFieldFrame: AccessibleRect { AccessibleRect(x: 428, y: 56, width: 360, height: 44) }
    func openPageEntry() -> Bool {
        opened += 1
        entry = entry ?? ("", "245 pages")
        return true
    }
    func commitPageEntry() -> Bool {
        committed += 1
        entry = nil
        return true
    }
    func label(ofPage index: Int) -> String? { index == 11 ? "xii" : nil }
    var showsNightPages = false
    func toggleNightPages() { showsNightPages.toggle() }

    let windowTitle = "book.pdf — Glide"
    let documentTitle = "book.pdf"
    let shownDocument = ObjectIdentifier(PagedDocument.self)
    let isWindowActive = true
    let windowSize = (width: 800.0, height: 600.0)
    let documentFrame = AccessibleRect(x: 0, y: 0, width: 800, height: 600)
    let isAtRest = true
    let sectionCount = 245
    func blocks(inSection section: Int) -> [AccessibleBlock] { [] }
    let firstVisibleBlock = AccessibleBlockLocation(section: 0, block: 0)
    let lastVisibleSection = 0
    func frame(of location: AccessibleBlockLocation) -> AccessibleRect? { nil }
    func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> AccessibleRect? { nil }
    func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]? { nil }
    func scroll(to location: AccessibleBlockLocation) {}
    func destination(ofLink target: String, from location: AccessibleBlockLocation) -> AccessibleBlockLocation? { nil }
    let outlineItemCount = 0
    func outlineItem(_ index: Int) -> AccessibleOutlineItem { AccessibleOutlineItem(text: "", level: 1) }
    let highlightedOutlineItem: Int? = nil
    func activateOutlineItem(_ index: Int) {}
    let outlineFrame: AccessibleRect? = nil
    func frameOfOutlineItem(_ index: Int) -> AccessibleRect? { nil }
    let pageControlFrame: AccessibleRect? = nil
    func showPage(_ index: Int) {}
    func selection(of text: String, at location: AccessibleBlockLocation) -> Range<Int>? { nil }
}

/// The go-to-page entry as a screen reader reaches it, and the page control reading a page's
/// label.
final class PageEntryNodeTests: XCTestCase {
    override class func setUp() {
        var callbacks = AccessibleNode.callbacks
        glide_accessible_set_callbacks(&callbacks)
    }

    func testTheEntryShowsWhileOpenWithItsTextAndWhatItSays() throws {
        let model = PagedDocument()
        let window = WindowNode(model: model, parent: ApplicationNode(name: "glide"))
        let entry = PageEntryNode(model: model, parent: window)
        XCTAssertNil(entry.frame, "not on screen while closed")
        XCTAssertEqual(entry.actions.map(\.name), ["open", "activate"])
        XCTAssertTrue(entry.actions[0].perform(), "a screen reader can open it")
        XCTAssertEqual(model.opened, 1)
        entry.viewDidChange()
        XCTAssertNotNil(entry.frame, "on screen while open")
        XCTAssertTrue(entry.extraStates.contains(ATK_STATE_FOCUSED), "it has the focus")
        XCTAssertEqual(String(cString: try XCTUnwrap(atk_object_get_description(entry.accessible))), "245 pages")
        model.entry = ("xyz", "No page is labelled “xyz”")
        entry.viewDidChange()
        XCTAssertEqual(entry.text?.string, "xyz")
        XCTAssertEqual(entry.caretOffset, 3)
        XCTAssertEqual(String(cString: try XCTUnwrap(atk_object_get_description(entry.accessible))),
                       "No page is labelled “xyz”", "the error is what it says")
        XCTAssertTrue(entry.actions[1].perform())
        XCTAssertEqual(model.committed, 1)
        entry.viewDidChange()
        XCTAssertFalse(entry.extraStates.contains(ATK_STATE_FOCUSED))
    }

    func testThePageControlReadsThePagesLabel() {
        let model = PagedDocument()
        let window = WindowNode(model: model, parent: ApplicationNode(name: "glide"))
        let control = PageControlNode(model: model, parent: window)
        XCTAssertEqual(control.value?.text, "page xii, 12 of 245")
    }
}
