import Foundation
import PDFFixtures
import TestSupport
import XCTest

/// Glide as a screen reader meets it: a private session bus with the accessibility bus and
/// registry, glide in headless sway, and a pyatspi client asking what Orca asks.
final class HeadlessSwayAccessibilityTests: XCTestCase {
    private var directory: URL!
    private var sway: HeadlessSway!
    private var bus: AccessibilityBus!
    private var glide: ChildProcess?
    private var tracePath = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-a11y-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        sway = try HeadlessSway()
        bus = try AccessibilityBus(directory: directory, environment: sway.clientEnvironment)
        tracePath = directory.appendingPathComponent("trace.jsonl").path
    }

    override func tearDown() {
        glide?.process.terminate()
        glide?.waitForExit(seconds: 5)
        glide = nil
        bus = nil
        sway = nil
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private var reader: ScreenReader { ScreenReader(environment: bus.environment(sway.clientEnvironment)) }

    /// Starts glide on the accessibility bus with a trace, and waits for its window.
    private func startGlide(_ arguments: [String], binary: String = BuiltProducts.path(of: "glide")) throws {
        let glide = ChildProcess(binary, ["--trace", tracePath] + arguments, environment: bus.environment(sway.clientEnvironment))
        try glide.start()
        self.glide = glide
        try sway.waitForWindow(of: glide, timeoutSeconds: 20)
    }

    private func writeDocument(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The trace once nothing has been drawn for a while (the view is at rest). The trace
    /// holds back the last few frames while it waits for presentation reports that headless
    /// sway never sends, so the indicators' fading may not show yet.
    private func restingTrace(timeoutSeconds: Double = 10) throws -> [AccessibilityTraceFrame] {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        var frames = try AccessibilityTraceFrame.read(tracePath)
        while Date() < deadline {
            usleep(400_000)
            let later = try AccessibilityTraceFrame.read(tracePath)
            if later.count == frames.count, later.last?.phase == "idle" { return later }
            frames = later
        }
        throw HarnessError("the view did not come to rest: \(frames.suffix(3))")
    }

    /// Started with no file on a first run, the home's accessible tree has its heading and a
    /// list with one item an entry: the bundled guide, with its kind.
    func testTheHomeListsItsEntries() throws {
        try startGlide([])
        var tree = ""
        let deadline = Date().addingTimeInterval(20)
        repeat {
            tree = try reader.text(["tree"])
            if tree.contains("Glide's guide") { break }
            usleep(300_000)
        } while Date() < deadline
        let lines = tree.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.contains { $0.hasPrefix("heading") && $0.contains("Recent documents") }, tree)
        XCTAssertTrue(lines.contains { $0.hasPrefix("list ") || $0 == "list" }, tree)
        XCTAssertEqual(lines.filter { $0.hasPrefix("list item") }.map { $0.contains("Glide's guide, Markdown") }, [true], tree)
    }

    func testReadsTheBundledGuideByHeadingsParagraphsWordsSentencesAndLines() throws {
        // Started with no file, Glide shows its home; the guide is opened by name.
        try startGlide([SourceTree.path + "/resources/default-document.md"])
        let read = try reader.ask(["read"])
        XCTAssertEqual(read["document"] as? String, "default-document.md")
        let heading = try XCTUnwrap(read["heading"] as? [String: Any])
        XCTAssertEqual(heading["text"] as? String, "Welcome to Glide")
        XCTAssertEqual(heading["level"] as? String, "1")
        let paragraph = try XCTUnwrap(read["paragraph"] as? String)
        XCTAssertTrue(paragraph.hasPrefix("You are reading the document that Glide opens"), paragraph)
        let words = try XCTUnwrap(read["words"] as? [[String: Any]])
        XCTAssertEqual(words.map { $0["text"] as? String }, ["You ", "are ", "reading "])
        XCTAssertEqual(words.map { $0["start"] as? Int }, [0, 4, 8])
        let sentences = try XCTUnwrap(read["sentences"] as? [[String: Any]])
        XCTAssertEqual(sentences.first?["text"] as? String,
                       "You are reading the document that Glide opens when it is started without a file. ")
        XCTAssertEqual(sentences.dropFirst().first?["text"] as? String, "It is long on purpose. ")
        // Lines as drawn: the paragraph wraps, so its first line ends well before its end.
        let lines = try XCTUnwrap(read["lines"] as? [[String: Any]])
        XCTAssertEqual(lines.count, 3)
        let firstLineEnd = try XCTUnwrap(lines.first?["end"] as? Int)
        XCTAssertTrue((40..<paragraph.unicodeScalars.count).contains(firstLineEnd), "\(lines)")
        XCTAssertEqual(lines.dropFirst().first?["start"] as? Int, firstLineEnd)
        // Where the characters are drawn: the first line's first letter at the paragraph's top
        // left, the second line's below it, at the same left edge.
        let box = try XCTUnwrap(read["paragraph_extents"] as? [Int])
        let characters = try XCTUnwrap(read["character_extents"] as? [String: [Int]])
        let first = try XCTUnwrap(characters["0"]), second = try XCTUnwrap(characters["\(firstLineEnd)"])
        XCTAssertEqual(first[0], box[0], accuracy: 2, "\(first) in \(box)")
        XCTAssertEqual(first[1], box[1], accuracy: 2, "\(first) in \(box)")
        XCTAssertTrue((5...20).contains(first[2]) && (15...40).contains(first[3]), "a letter's size: \(first)")
        XCTAssertEqual(second[0], first[0], accuracy: 2)
        // Lines are 1.5 times the font's height apart (Typography.lineSpacing, pango's factor).
        XCTAssertEqual(Double(second[1] - first[1]), 1.5 * Double(first[3]), accuracy: 2, "the next line")
        let headings = try XCTUnwrap(read["headings"] as? [[String: Any]]).compactMap { $0["text"] as? String }
        XCTAssertEqual(Array(headings.prefix(4)), ["Welcome to Glide", "What Glide is", "How to move", "Keys"])
        // "Read from here" starts at the top of the screen: the caret is at the first block.
        let caret = try XCTUnwrap(read["caret"] as? [String: Any])
        XCTAssertEqual(caret["text"] as? String, "Welcome to Glide")
        XCTAssertEqual(caret["offset"] as? Int, 0)
        // Only the blocks near the viewport: a few sections of the guide, not all of it.
        let children = try XCTUnwrap(read["children"] as? Int)
        XCTAssertTrue((10..<120).contains(children), "\(children) children")

        let tree = try reader.text(["tree"])
        print("The accessible tree of the bundled guide, as the pyatspi client prints it:\n\(tree)")
        XCTAssertTrue(tree.hasPrefix("application 'glide'\n  frame 'default-document.md — Glide'"), tree)
        XCTAssertTrue(tree.contains("list [tag=ul]\n        list item '• Drag."), tree)
        XCTAssertTrue(tree.contains("block quote\n        paragraph 'A page you can push"), tree)
    }

    /// A document whose first paragraph links to its last heading, far below.
    func testAHeadingsLogoIsNotReadAsACharacter() throws {
        let readme = try writeDocument("README.md", "# <img src=\"logo.png\" width=\"40\" alt=\"Logo\"> Glide\n\nThe text.\n\n"
                                       + "<h2><img src=\"logo.png\" width=\"20\"> Install</h2>\n\nMore text.\n")
        try startGlide([readme])
        _ = try restingTrace()
        let read = try reader.ask(["read"])
        let headings = try XCTUnwrap(read["headings"] as? [[String: Any]]).compactMap { $0["text"] as? String }
        XCTAssertEqual(headings.count, 2, "\(headings)")
        for heading in headings {
            XCTAssertFalse(heading.contains("\u{FFFC}"), "no object replacement character: \(heading.debugDescription)")
        }
        XCTAssertEqual(headings.map { $0.filter { $0 != "\u{200B}" }.trimmingCharacters(in: .whitespaces) }, ["Glide", "Install"])
        let tree = try reader.text(["tree"])
        XCTAssertTrue(tree.contains("heading 'Glide'") && tree.contains("heading 'Install'"), tree)
        XCTAssertFalse(tree.contains("\u{FFFC}"), tree)
    }

    func testABooksChaptersAreReadAsHeadingsAndParagraphsAcrossTheChapterBreaks() throws {
        let source = try writeDocument("book.md", (1...3).map { chapter in
            "# Chapter \(chapter)\n\n" + (1...4).map { "Paragraph \($0) of chapter \(chapter).\n\n" }.joined()
        }.joined())
        let book = directory.appendingPathComponent("book.epub").path
        let made = try ChildProcess.run("/usr/bin/pandoc", [source, "--metadata", "title=Read Aloud", "--epub-chapter-level=1",
                                                            "-o", book])
        XCTAssertEqual(made.status, 0, made.error)
        try startGlide([book])
        _ = try restingTrace()
        let read = try reader.ask(["read"])
        let headings = try XCTUnwrap(read["headings"] as? [[String: Any]]).compactMap { $0["text"] as? String }
        XCTAssertEqual(Array(headings.prefix(2)), ["Read Aloud", "Chapter 1"], "\(headings)")
        let tree = try reader.text(["tree"])
        XCTAssertTrue(tree.hasPrefix("application 'glide'\n  frame 'Read Aloud — Glide'"), tree)
        XCTAssertTrue(tree.contains("heading 'Chapter 1'") && tree.contains("paragraph 'Paragraph 1 of chapter 1.'"), tree)
        XCTAssertFalse(tree.contains("<"), "no markup reaches the screen reader")
        // At the end of the book, the last chapter's blocks are there to read, in order.
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Shift_L", "-k", "End"], environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
        _ = try restingTrace()
        let end = try reader.text(["tree"])
        let third = try XCTUnwrap(end.firstRange(of: "heading 'Chapter 3'"), end)
        let last = try XCTUnwrap(end.firstRange(of: "paragraph 'Paragraph 4 of chapter 3.'"), end)
        XCTAssertLessThan(third.lowerBound, last.lowerBound, "the chapter's heading, then its paragraphs")
    }

    private func writeLinkedDocument() throws -> String {
        let filler = String(repeating: "A sentence that fills the page and moves the end further down. ", count: 12)
        return try writeDocument("links.md", "# Links\n\nRead [the end](#the-end) first.\n\n"
            + (0..<30).map { "## Part \($0)\n\n\(filler)\n\n" }.joined() + "## The end\n\nThe last words.\n")
    }

    func testALinkToAnotherDocumentOpensItFromTheScreenReader() throws {
        _ = try writeDocument("other.md", "# The other document\n\nReached from a screen reader.\n")
        try startGlide([try writeDocument("from.md", "# From\n\nGo to [the other one](other.md), or [nowhere](javascript:alert(1)).\n")])
        // at-spi2-atk answers an action before performing it, so "done" is always true: what
        // the refused link did is seen in what the window shows.
        let refused = try reader.ask(["follow-link", "1"])
        XCTAssertEqual(refused["target"] as? String, "javascript:alert(1)")
        usleep(500_000)
        XCTAssertTrue(try reader.text(["tree"]).contains("frame 'from.md — Glide'"), "a javascript: link does nothing")
        let link = try reader.ask(["follow-link", "0"])
        XCTAssertEqual(link["target"] as? String, "other.md")
        XCTAssertEqual(link["done"] as? Bool, true)
        var tree = try reader.text(["tree"])
        let deadline = Date().addingTimeInterval(10)
        while !tree.contains("The other document"), Date() < deadline {
            usleep(200_000)
            tree = try reader.text(["tree"])
        }
        XCTAssertTrue(tree.contains("frame 'other.md — Glide'"), tree)
        XCTAssertTrue(tree.contains("heading 'The other document'"), tree)
    }

    func testTheReadersSelectionIsReportedToTheScreenReader() throws {
        try startGlide([try writeDocument("select.md", "# Chosen words\n\nThe whole paragraph, ёлка included.\n")])
        XCTAssertEqual((try reader.ask(["selection"])["selected"] as? [Any])?.count, 0, "nothing selected yet")
        // Ctrl+A selects everything. The first key of a new virtual keyboard can be lost, so
        // Shift goes first.
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Shift_L", "-M", "ctrl", "-k", "a", "-m", "ctrl"],
                                         environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
        var selected: [[String: Any]] = []
        let deadline = Date().addingTimeInterval(10)
        while selected.count < 2, Date() < deadline {
            usleep(200_000)
            selected = try reader.ask(["selection"])["selected"] as? [[String: Any]] ?? []
        }
        XCTAssertEqual(selected.map { $0["text"] as? String }, ["Chosen words", "The whole paragraph, ёлка included."])
        for block in selected {
            XCTAssertEqual(block["start"] as? Int, 0)
            XCTAssertEqual(block["end"] as? Int, block["characters"] as? Int, "the whole block, counted in characters")
        }
    }

    func testALinkAndTheReadersCaretMoveTheViewAndTheCaretFollowsTheUsersScroll() throws {
        try startGlide([try writeLinkedDocument()])
        let link = try reader.ask(["follow-link", "0"])
        XCTAssertEqual(link["link"] as? String, "the end")
        XCTAssertEqual(link["target"] as? String, "#the-end")
        XCTAssertEqual(link["done"] as? Bool, true)
        let jumped = try restingTrace()
        XCTAssertTrue(jumped.contains { $0.phase == "animating" }, "the engine animates the jump")
        let bottom = try XCTUnwrap(jumped.last?.y)
        XCTAssertGreaterThan(bottom, 5_000, "the view moved to the end")
        let read = try reader.ask(["read"])
        let caret = try XCTUnwrap(read["caret"] as? [String: Any])
        XCTAssertEqual(caret["text"] as? String, "The end", "the caret is at the link's heading")

        // The user scrolls back to the top (Home): the caret follows the first visible block.
        // The first key of a new virtual keyboard can be lost, so Home goes twice.
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Home", "-k", "Home"], environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
        XCTAssertEqual(try restingTrace().last?.y, 0)
        let afterScroll = try reader.ask(["read"])
        XCTAssertEqual((afterScroll["caret"] as? [String: Any])?["text"] as? String, "Links")
    }

    func testAScreenReaderHearsTheFocusTheCaretAndTheBlocksComingAndGoing() throws {
        try startGlide([try writeLinkedDocument()])
        let heard = try XCTUnwrap(reader.ask(["events", "0"])["events"] as? [[String: Any]])
        func events(_ type: String) -> [[String: Any]] { heard.filter { $0["type"] as? String == type } }
        let focused = events("object:state-changed:focused").filter { $0["detail1"] as? Int == 1 }
        XCTAssertEqual(focused.map { $0["name"] as? String }, ["The end"], "\(heard)")
        XCTAssertEqual(events("focus:").map { $0["name"] as? String }, ["The end"])
        XCTAssertEqual(events("object:text-caret-moved").last?["name"] as? String, "The end")
        // The sections near the top left the tree and those near the end came.
        XCTAssertFalse(events("object:children-changed:remove").isEmpty)
        XCTAssertFalse(events("object:children-changed:add").isEmpty)
    }

    func testTheOutlineAndThePageControlMoveThePagesInSplitView() throws {
        try startGlide(["--split", SourceTree.path + "/resources/default-document.md"])
        let activated = try reader.ask(["activate-outline", "5"])
        XCTAssertEqual(activated["item"] as? String, "A short history of scrolling")
        XCTAssertEqual(activated["done"] as? Bool, true)
        let paged = try restingTrace()
        let page = try XCTUnwrap(paged.last?.page)
        XCTAssertGreaterThan(page, 2, "the pages moved to the heading's page")
        XCTAssertTrue(paged.contains { $0.phase == "animating" })

        let control = try reader.ask(["page"])
        let pages = try XCTUnwrap(paged.last?.pages)
        XCTAssertEqual(control["text"] as? String, "page \(page + 1) of \(pages)")
        XCTAssertEqual(control["value"] as? Double, Double(page + 1))
        XCTAssertEqual(control["maximum"] as? Double, Double(pages))

        XCTAssertEqual(try reader.ask(["page-action", "next"])["done"] as? Bool, true)
        XCTAssertEqual(try restingTrace().last?.page, page + 1)
        XCTAssertEqual(try reader.ask(["page"])["text"] as? String, "page \(page + 2) of \(pages)")
        XCTAssertEqual(try reader.ask(["page-action", "previous"])["done"] as? Bool, true)
        XCTAssertEqual(try restingTrace().last?.page, page)
    }

    /// A 100 MB document: the tree holds only the sections near the viewport, answers a whole
    /// walk in under a second, and the frame loop keeps its frames while the client walks it
    /// and turns pages (the release build, as users run it).
    func testAPDFsPagesAreReadAsTheirTextOnceItHasBeenRead() throws {
        var fixture = PDFFixture(pageCount: 6)
        fixture.bodyLines[1] = ["The second page has words of its own."]
        let path = fixture.write()
        defer { unlink(path) }
        try startGlide([path])
        // A page's text comes from a worker: the document gains the page's block once it has.
        var answer: [String: Any] = [:]
        var texts: [String] = []
        let deadline = Date().addingTimeInterval(10)
        repeat {
            answer = try reader.ask(["blocks"])
            texts = (answer["blocks"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            if texts.count >= 2 { break }
            usleep(200_000)
        } while Date() < deadline
        XCTAssertEqual(answer["document"] as? String, (path as NSString).lastPathComponent)
        XCTAssertEqual(texts.count, 2, "the first page and the one after it: \(answer)")
        // The fixture's first page is its table of contents.
        XCTAssertTrue(texts.first?.hasPrefix("Page 1\nChapter 1 ") == true, "\(texts)")
        XCTAssertTrue(texts.dropFirst().first?.contains("The second page has words of its own.") == true, "\(texts)")
        XCTAssertFalse(texts.first?.contains("second page") == true, "one page a block")
        let blocks = try XCTUnwrap(answer["blocks"] as? [[String: Any]])
        XCTAssertEqual(blocks.first?["role"] as? String, "paragraph")
        // The first page is drawn at the window's top, as wide as the reading column.
        let extents = try XCTUnwrap(blocks.first?["extents"] as? [Int])
        XCTAssertTrue(extents[2] > 300 && extents[3] > extents[2], "a portrait page: \(extents)")
        // Lines as poppler reads them, each character where the page draws it: down the page.
        let lines = try XCTUnwrap(blocks.first?["lines"] as? [[String: Any]])
        XCTAssertEqual(lines.first?["text"] as? String, "Page 1\n")
        let tops = lines.compactMap { ($0["extents"] as? [Int])?[1] }
        XCTAssertEqual(tops.count, 2, "the title and the one chapter of six pages: \(lines)")
        XCTAssertEqual(tops, tops.sorted(), "each line below the one before: \(lines)")
        XCTAssertTrue(tops.allSatisfy { $0 >= extents[1] && $0 < extents[1] + extents[3] }, "on the page: \(tops) \(extents)")
        let firstLetter = try XCTUnwrap(lines.first?["extents"] as? [Int])
        XCTAssertTrue(firstLetter[2] > 0 && firstLetter[2] < 60, "one character's width: \(firstLetter)")
    }

    func testA100MegabyteDocumentAnswersQuicklyAndNeverHoldsUpAFrame() throws {
        let path = directory.appendingPathComponent("huge.md").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let chapter = "## A chapter\n\n" + String(repeating: "Words to be read aloud, one sentence after another. ", count: 20)
            + "\n\n- an item\n- another item\n\n"
        let megabyte = Data(String(repeating: chapter, count: (1 << 20) / chapter.utf8.count).utf8)
        for _ in 0..<100 { file.write(megabyte) }
        try file.close()
        try startGlide(["--paging", path], binary: BuiltProducts.releasePath(of: "glide"))

        let read = try reader.ask(["read"])
        let children = try XCTUnwrap(read["children"] as? Int)
        XCTAssertLessThan(children, 200, "only blocks near the viewport are materialised")
        // A page turned and come to rest, so the frames of the walk below carry only the
        // work of the walk (a frame's a11y_ms is the longest turn since the frame before).
        XCTAssertEqual(try reader.ask(["page-action", "next"])["done"] as? Bool, true)
        XCTAssertEqual(try restingTrace().last?.page, 1)
        let walk = try reader.ask(["walk", "3"])
        let objects = try XCTUnwrap(walk["objects"] as? Int)
        XCTAssertLessThan(objects, 500)
        XCTAssertLessThan(try XCTUnwrap(walk["slowest_walk_seconds"] as? Double), 1.0, "\(walk)")
        XCTAssertGreaterThan(try XCTUnwrap(walk["page_turns"] as? Int), 5)

        let started = try XCTUnwrap(walk["started_ms"] as? Double), ended = try XCTUnwrap(walk["ended_ms"] as? Double)
        let frames = try AccessibilityTraceFrame.read(tracePath).filter { ($0.commit_ms ?? 0) >= started && ($0.commit_ms ?? 0) <= ended }
        XCTAssertGreaterThan(frames.filter { $0.phase == "animating" }.count, 30, "the pages animated during the walk")
        // Answering the client never took a frame's budget: every turn of the loop that
        // served it spent at most half a 60 Hz frame (the loop thread's CPU time, so other
        // processes on a busy machine do not count), leaving the rest for drawing.
        let budgetMilliseconds = 1000.0 / 60 / 2
        let served = frames.compactMap(\.a11y_ms)
        print("100 MB: \(children) children, walk \(walk), longest accessibility turn \(served.max() ?? 0) ms "
            + "over \(served.count) frames")
        XCTAssertFalse(served.isEmpty, "the trace shows the loop serving the client")
        XCTAssertLessThanOrEqual(served.max() ?? 0, budgetMilliseconds, "longest accessibility turn")
    }
}

/// The fields of glide's `--trace` these tests read.
struct AccessibilityTraceFrame: Decodable {
    let t: Double
    let y: Double
    let phase: String
    let page: Int
    let pages: Int
    let commit_ms: Double?
    let a11y_ms: Double?

    static func read(_ path: String) throws -> [AccessibilityTraceFrame] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { try JSONDecoder().decode(AccessibilityTraceFrame.self, from: Data($0.utf8)) }
    }
}
