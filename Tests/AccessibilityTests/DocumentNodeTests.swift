@testable import Accessibility
import CAccessibility
import CAtk
import DocumentKit
import XCTest

/// A document of many sections, read through a model as the app gives it.
private final class SectionedDocument: AccessibilityModel {
    let sectionCount: Int
    var firstVisibleBlock = AccessibleBlockLocation(section: 0, block: 0)
    var lastVisibleSection = 0
    var isAtRest = true
    var sectionsAsked: [Int] = []
    var scrolledTo: [AccessibleBlockLocation] = []
    /// How many scrolls there had been at each jump recorded for the history.
    var jumpsRecordedAfterScrolls: [Int] = []
    var pages: (current: Int, count: Int)?
    var shownPages: [Int] = []
    /// Sections whose blocks are still being read (as a PDF page's text is): none until then.
    var pendingSections: Set<Int> = []
    /// Whether section 0 ends with a `<details>` disclosure, and whether it is open.
    var isDetailsOpen: Bool?
    var blocksRevision = 0

    init(sectionCount: Int) {
        self.sectionCount = sectionCount
    }

    var windowTitle = "doc.md — Glide"
    var documentTitle = "doc.md"
    /// Another marker when another document is shown; its blocks then read `prefix`.
    var document = DocumentMarker()
    var shownDocument: ObjectIdentifier { ObjectIdentifier(document) }
    var prefix = "Section"
    let windowSize = (width: 800.0, height: 600.0)
    let isWindowActive = true
    let documentFrame = AccessibleRect(x: 0, y: 0, width: 800, height: 600)

    func blocks(inSection section: Int) -> [AccessibleBlock] {
        sectionsAsked.append(section)
        if pendingSections.contains(section) { return [] }
        var details: [AccessibleBlock] = []
        if section == 0, let isDetailsOpen {
            details.append(AccessibleBlock(role: .paragraph, text: "More", location: AccessibleBlockLocation(section: 0, block: 2),
                                           isExpanded: isDetailsOpen))
            if isDetailsOpen {
                details.append(AccessibleBlock(role: .paragraph, text: "Hidden until opened.",
                                               location: AccessibleBlockLocation(section: 0, block: 3)))
            }
        }
        return [
            AccessibleBlock(role: .heading(level: 2), text: "\(prefix) \(section)",
                            location: AccessibleBlockLocation(section: section, block: 0)),
            AccessibleBlock(role: .paragraph, text: "See more here.",
                            links: [AccessibleLink(characterRange: 4..<8, target: "#more")],
                            location: AccessibleBlockLocation(section: section, block: 1)),
        ] + details
    }

    func frame(of location: AccessibleBlockLocation) -> AccessibleRect? {
        location.section == firstVisibleBlock.section ? AccessibleRect(x: 0, y: 0, width: 10, height: 10) : nil
    }

    func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]? { nil }
    func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> AccessibleRect? { nil }
    func scroll(to location: AccessibleBlockLocation) { scrolledTo.append(location) }
    func recordJump() { jumpsRecordedAfterScrolls.append(scrolledTo.count) }

    func destination(ofLink target: String, from location: AccessibleBlockLocation) -> AccessibleBlockLocation? {
        target == "#more" ? AccessibleBlockLocation(section: 7, block: 0) : nil
    }

    let outlineItemCount = 0
    func outlineItem(_ index: Int) -> AccessibleOutlineItem { AccessibleOutlineItem(text: "", level: 1) }
    let highlightedOutlineItem: Int? = nil
    func activateOutlineItem(_ index: Int) {}
    let outlineFrame: AccessibleRect? = nil
    func frameOfOutlineItem(_ index: Int) -> AccessibleRect? { nil }
    let pageControlFrame: AccessibleRect? = nil
    func showPage(_ index: Int) { shownPages.append(index) }
    var showsNightPages = false
    func toggleNightPages() { showsNightPages.toggle() }
    func selection(of text: String, at location: AccessibleBlockLocation) -> Range<Int>? { nil }
    func isPending(section: Int) -> Bool { pendingSections.contains(section) }

    func toggleDisclosure(at location: AccessibleBlockLocation) -> Bool {
        guard location == AccessibleBlockLocation(section: 0, block: 2), let isDetailsOpen else { return false }
        self.isDetailsOpen = !isDetailsOpen
        blocksRevision += 1
        return true
    }
}

private final class DocumentMarker {}

final class DocumentNodeTests: XCTestCase {
    override class func setUp() {
        var callbacks = AccessibleNode.callbacks
        glide_accessible_set_callbacks(&callbacks)
    }

    private func makeDocument(_ model: SectionedDocument) -> (ApplicationNode, DocumentNode) {
        let application = ApplicationNode(name: "glide")
        let document = DocumentNode(model: model, parent: application)
        return (application, document)
    }

    func testNothingIsBuiltUntilAskedAndThenOnlyTheSectionsAroundTheViewport() {
        let model = SectionedDocument(sectionCount: 12_800)
        let (_, document) = makeDocument(model)
        document.viewDidChange(isAtRest: true)
        XCTAssertEqual(model.sectionsAsked, [], "no client asked yet")
        XCTAssertEqual(atk_object_get_n_accessible_children(document.accessible), 4)
        XCTAssertEqual(model.sectionsAsked, [0, 1])

        model.firstVisibleBlock = AccessibleBlockLocation(section: 6_000, block: 1)
        document.viewDidChange(isAtRest: true)
        XCTAssertEqual(Array(model.sectionsAsked.suffix(3)), [5_999, 6_000, 6_001])
        XCTAssertEqual(document.childCount, 6)
        XCTAssertEqual(document.materialisedBlockCount, 6)
        let first = atk_object_ref_accessible_child(document.accessible, 0)
        defer { g_object_unref(UnsafeMutableRawPointer(first)) }
        XCTAssertEqual(String(cString: atk_object_get_name(first)), "Section 5999")
    }

    /// A window of short sections (a book's brief chapters) shows several at once: each is a
    /// child, and one more either side; no more than `maximumVisibleSections` are, however
    /// many are on screen.
    func testEverySectionOnScreenIsAChildNotOnlyTheOneAtTheTop() {
        let model = SectionedDocument(sectionCount: 100)
        let (_, document) = makeDocument(model)
        model.firstVisibleBlock = AccessibleBlockLocation(section: 10, block: 0)
        model.lastVisibleSection = 13
        XCTAssertEqual(atk_object_get_n_accessible_children(document.accessible), 12, "sections 9 to 14, two blocks each")
        XCTAssertEqual(Set(model.sectionsAsked), Set(9...14))
        model.lastVisibleSection = 90
        document.viewDidChange(isAtRest: true)
        XCTAssertEqual(document.childCount, 2 * (DocumentNode.maximumVisibleSections + 2), "bounded")
    }

    func testASectionStillBeingReadGainsItsBlocksWhenTheyArrive() {
        let model = SectionedDocument(sectionCount: 5)
        model.pendingSections = [1]
        let (_, document) = makeDocument(model)
        XCTAssertEqual(atk_object_get_n_accessible_children(document.accessible), 2, "section 0 only, for now")
        document.viewDidChange(isAtRest: true)
        XCTAssertEqual(document.childCount, 2, "still being read")
        model.pendingSections = []
        document.viewDidChange(isAtRest: true)
        XCTAssertEqual(document.childCount, 4)
        XCTAssertEqual(model.sectionsAsked, [0, 1, 1], "section 0 is kept, section 1 asked again")
        let third = atk_object_ref_accessible_child(document.accessible, 2)
        defer { g_object_unref(UnsafeMutableRawPointer(third)) }
        XCTAssertEqual(String(cString: atk_object_get_name(third)), "Section 1")
    }

    func testAnotherDocumentShownReplacesTheChildrenAndTheName() {
        let model = SectionedDocument(sectionCount: 100)
        let (_, document) = makeDocument(model)
        _ = document.childCount
        model.firstVisibleBlock = AccessibleBlockLocation(section: 40, block: 1)
        document.viewDidChange(isAtRest: true)
        XCTAssertEqual(document.childCount, 6)
        XCTAssertEqual(document.caret?.node.block.location, model.firstVisibleBlock)

        // A link opened another document, shown from its top.
        model.document = DocumentMarker()
        model.documentTitle = "other.md"
        model.prefix = "Part"
        model.firstVisibleBlock = AccessibleBlockLocation(section: 0, block: 0)
        document.viewDidChange(isAtRest: true)
        XCTAssertEqual(String(cString: atk_object_get_name(document.accessible)), "other.md")
        XCTAssertEqual(document.childCount, 4, "sections 0 and 1 of the new document")
        let first = atk_object_ref_accessible_child(document.accessible, 0)
        defer { g_object_unref(UnsafeMutableRawPointer(first)) }
        XCTAssertEqual(String(cString: atk_object_get_name(first)), "Part 0")
        XCTAssertEqual(document.caret?.node.block.location, model.firstVisibleBlock, "the caret is in the new document")
    }

    func testTheCaretFollowsTheFirstVisibleBlockOnceTheViewRests() {
        let model = SectionedDocument(sectionCount: 100)
        let (_, document) = makeDocument(model)
        _ = document.childCount
        model.firstVisibleBlock = AccessibleBlockLocation(section: 40, block: 1)
        model.isAtRest = false
        document.viewDidChange(isAtRest: false)
        XCTAssertNil(document.caret?.node.block.location, "not while it moves")
        model.isAtRest = true
        document.viewDidChange(isAtRest: true)
        XCTAssertEqual(document.caret?.node.block.location, model.firstVisibleBlock)
        XCTAssertEqual(document.caret?.offset, 0)
    }

    func testALinkScrollsToItsHeadingAndGivesItFocusOnArrival() throws {
        let model = SectionedDocument(sectionCount: 100)
        let (_, document) = makeDocument(model)
        let paragraph = try XCTUnwrap(document.child(at: 1))
        let link = try XCTUnwrap(paragraph.child(at: 0))
        XCTAssertEqual(link.text?.string, "more")
        XCTAssertEqual(link.actions.map(\.name), ["jump"])
        XCTAssertTrue(link.actions[0].perform())
        XCTAssertEqual(model.scrolledTo, [AccessibleBlockLocation(section: 7, block: 0)])
        XCTAssertEqual(model.jumpsRecordedAfterScrolls, [0], "the place left went into the history before the scroll")
        model.firstVisibleBlock = AccessibleBlockLocation(section: 7, block: 0)
        document.viewDidChange(isAtRest: true)
        XCTAssertEqual(document.focusedBlock?.block.text, "Section 7")
        XCTAssertEqual(document.caret?.node.block.text, "Section 7")
    }

    func testAHeadingsNameLeavesOutTheZeroWidthSpaceOfItsLogo() throws {
        let model = SectionedDocument(sectionCount: 1)
        model.prefix = "\u{200B} Glide"
        let (_, document) = makeDocument(model)
        let heading = try XCTUnwrap(document.child(at: 0))
        XCTAssertEqual(String(cString: atk_object_get_name(heading.accessible)), "Glide 0")
        XCTAssertEqual(heading.text?.string, "\u{200B} Glide 0", "its text keeps the block's offsets")
    }

    func testASummaryIsExpandableAndItsActionOpensItAndItsBodyJoinsTheTree() throws {
        let model = SectionedDocument(sectionCount: 3)
        model.isDetailsOpen = false
        let (_, document) = makeDocument(model)
        XCTAssertEqual(document.childCount, 5, "the summary but no body")
        let summary = try XCTUnwrap(document.child(at: 2))
        XCTAssertEqual(summary.text?.string, "More")
        XCTAssertTrue(summary.extraStates.contains(ATK_STATE_EXPANDABLE))
        XCTAssertFalse(summary.extraStates.contains(ATK_STATE_EXPANDED))
        XCTAssertEqual(summary.actions.map(\.name), ["activate"])
        XCTAssertTrue(try XCTUnwrap(summary.actions.first).perform())
        XCTAssertEqual(model.isDetailsOpen, true)
        document.viewDidChange(isAtRest: true)
        XCTAssertEqual(document.childCount, 6, "read again, with the body")
        let opened = try XCTUnwrap(document.child(at: 2))
        XCTAssertTrue(opened.extraStates.contains(ATK_STATE_EXPANDED))
        XCTAssertEqual(document.child(at: 3)?.text?.string, "Hidden until opened.")
    }

    func testThePageControlReadsItsPageAndTurnsPages() {
        let model = SectionedDocument(sectionCount: 1)
        model.pages = (current: 2, count: 12)
        let window = WindowNode(model: model, parent: ApplicationNode(name: "glide"))
        let control = PageControlNode(model: model, parent: window)
        XCTAssertEqual(control.value?.text, "page 3 of 12")
        XCTAssertEqual(control.actions.map(\.name), ["next", "previous"])
        XCTAssertTrue(control.actions[0].perform())
        XCTAssertTrue(control.actions[1].perform())
        XCTAssertTrue(control.setValue(12))
        XCTAssertFalse(control.setValue(13))
        XCTAssertEqual(model.shownPages, [3, 1, 11])
    }

    func testTheDocumentTurnsNightPagesOnAndOffAndSaysWhichTheyAre() throws {
        let model = SectionedDocument(sectionCount: 1)
        let (application, document) = makeDocument(model)
        defer { withExtendedLifetime(application) {} }
        XCTAssertEqual(document.actions.map(\.name), ["night-pages"])
        XCTAssertTrue(try XCTUnwrap(document.actions.first).description.contains("off: turn them on"))
        XCTAssertTrue(try XCTUnwrap(document.actions.first).perform())
        XCTAssertTrue(model.showsNightPages, "as Ctrl+I does")
        XCTAssertTrue(try XCTUnwrap(document.actions.first).description.contains("on: turn them off"))
    }
}
