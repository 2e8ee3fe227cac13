@testable import DocumentKit
import Foundation
import Glibc
@testable import KindRegistry
import Machinery
@testable import TextKind
import XCTest

/// Files that change while shown: reads stay safe, the watcher notices, a reload keeps the
/// reading position.
final class FileChangeTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func write(_ text: String, to name: String) throws -> String {
        let path = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func paragraphs(_ range: Range<Int>) -> String {
        range.map { "Paragraph \($0) of a log that grows and shrinks under the viewer.\n\n" }.joined()
    }

    /// The crash of issue 13: a file emptied while shown (as logrotate's copytruncate does)
    /// raised SIGBUS on the next read of its mapping. Files larger than the private copy's
    /// limit, which are read on demand.
    func testAFileEmptiedWhileShownReadsShortInsteadOfCrashing() throws {
        for (name, size) in [("app.log", 5_000_000), ("big.md", 5_000_000)] {
            let path = try write(paragraphs(0..<(size / 68)), to: name)
            let document = try TextDocument(contentsOfFile: path)
            let layout = DocumentLayout(document: document)
            layout.setViewportSize(width: 1280, height: 800)
            _ = layout.prepare(ContentRect(x: 0, y: 0, width: 1280, height: 800), margin: 400)
            XCTAssertEqual(truncate(path, 0), 0)
            let last = document.sectionCount - 1
            XCTAssertEqual(document.blocks(inSection: last), [], name)
            _ = layout.prepare(ContentRect(x: 0, y: layout.contentSize.height - 800, width: 1280, height: 800), margin: 400)
            XCTAssertTrue(document.hasShrunk, name)
            XCTAssertEqual(truncate(path, 1000), 0, "sparse again: zeros read as U+FFFD, not a crash")
            XCTAssertNotNil(document.blocks(inSection: 0).first, name)
        }
    }

    /// Issue 28: a small text file rewritten in place (the same inode) with binary bytes reads
    /// as it was when opened, in every section, and when emptied too.
    func testASmallFileRewrittenInPlaceReadsAsItWas() throws {
        let path = try write(paragraphs(0..<2_000), to: "notes.txt")
        let document = try TextDocument(contentsOfFile: path)
        XCTAssertGreaterThan(document.sectionCount, 3)
        let blocks = document.blocks
        let descriptor = open(path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        let binary = [UInt8](repeating: 0xFF, count: document.byteCount)
        XCTAssertEqual(binary.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }, binary.count)
        XCTAssertEqual(close(descriptor), 0)
        XCTAssertEqual(document.blocks, blocks, "the text as it was, not U+FFFD")
        XCTAssertEqual(truncate(path, 0), 0)
        XCTAssertEqual(document.blocks, blocks)
        XCTAssertFalse(document.hasShrunk)
    }

    func testAReloadKeepsTheReadingPositionAtTheSameBlock() throws {
        let path = try write(paragraphs(0..<2_000), to: "notes.txt")
        let layout = DocumentLayout(document: try TextDocument(contentsOfFile: path))
        layout.setViewportSize(width: 1280, height: 800)
        let top = layout.contentSize.height / 2
        _ = layout.prepare(ContentRect(x: 0, y: top, width: 1280, height: 800), margin: 400)
        let anchor = layout.readingAnchor
        let text = layout.document.blocks(inSection: anchor.section)[anchor.block].text
        let intoBlock = top - layout.position(ofBlockStarting: text)!
        try Data((paragraphs(0..<2_000) + paragraphs(2_000..<2_100)).utf8).write(to: URL(fileURLWithPath: path))
        layout.replaceDocument(with: try layout.document.reloaded())
        XCTAssertEqual(layout.readingAnchor, anchor)
        XCTAssertEqual(layout.document.blocks(inSection: anchor.section)[anchor.block].text, text)
        // The app scrolls to the anchor's offset, as after a resize: the same text stays at
        // the viewport's top.
        XCTAssertEqual(layout.anchorOffset.y - layout.position(ofBlockStarting: text)!, intoBlock, accuracy: 1, "no jump")
    }

    func testAReloadOfAShorterFileGoesToTheNearestBlock() throws {
        let path = try write(paragraphs(0..<2_000), to: "notes.txt")
        let layout = DocumentLayout(document: try TextDocument(contentsOfFile: path))
        layout.setViewportSize(width: 1280, height: 800)
        _ = layout.prepare(ContentRect(x: 0, y: layout.contentSize.height - 800, width: 1280, height: 800), margin: 400)
        try Data(paragraphs(0..<10).utf8).write(to: URL(fileURLWithPath: path))
        layout.replaceDocument(with: try layout.document.reloaded())
        XCTAssertEqual(layout.readingAnchor.section, 0)
        XCTAssertEqual(layout.readingAnchor.block, 9)
        XCTAssertLessThan(layout.anchorOffset.y, layout.contentSize.height)
    }

    func testAFileTurnedIntoADirectoryOrDeletedCannotBeReloadedButStaysShown() throws {
        let path = try write(paragraphs(0..<100), to: "notes.txt")
        let document = try TextDocument(contentsOfFile: path)
        XCTAssertEqual(unlink(path), 0)
        XCTAssertThrowsError(try document.reloaded())
        XCTAssertEqual(document.blocks.count, 100, "the open file is still read after its name went")
        XCTAssertEqual(mkdir(path, 0o755), 0)
        XCTAssertThrowsError(try document.reloaded())
    }

    /// Waits up to `seconds` for the watcher to report, polling both its descriptors as the
    /// loop does.
    private func changes(of watcher: FileWatcher, within seconds: Double = 2) -> Set<String> {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var descriptors = [pollfd(fd: watcher.inotifyDescriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: watcher.timerDescriptor, events: Int16(POLLIN), revents: 0)]
            _ = poll(&descriptors, 2, 50)
            if descriptors[0].revents != 0 { watcher.readEvents() }
            if descriptors[1].revents != 0 { return watcher.takeChangedPaths() }
        }
        return []
    }

    func testTheWatcherReportsEveryKindOfChangeOnce() throws {
        let path = try write("one\n", to: "watched.log")
        let other = try write("other\n", to: "other.log")
        let watcher = try FileWatcher()
        XCTAssertTrue(watcher.watch(path))
        XCTAssertEqual(changes(of: watcher, within: 0.3), [], "nothing happened yet")
        let steps: [(String, () throws -> Void)] = [
            ("append", { let handle = FileHandle(forWritingAtPath: path)!; handle.seekToEndOfFile(); handle.write(Data("two\n".utf8)); handle.closeFile() }),
            ("truncate", { XCTAssertEqual(truncate(path, 0), 0) }),
            ("rename over", { try Data("saved\n".utf8).write(to: URL(fileURLWithPath: path + ".tmp")); XCTAssertEqual(rename(path + ".tmp", path), 0) }),
            ("delete", { XCTAssertEqual(unlink(path), 0) }),
            ("create", { try Data("back\n".utf8).write(to: URL(fileURLWithPath: path)) }),
        ]
        for (label, step) in steps {
            try step()
            XCTAssertEqual(changes(of: watcher), [path], label)
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: other))
        XCTAssertEqual(changes(of: watcher, within: 0.3), [], "other files in the directory are not reported")
    }
}

extension FileChangeTests {
    /// Polls the reloader's descriptors and the mailbox, as the frame loop does, until a
    /// delivery arrives or `seconds` pass.
    private func nextOutcome(of reloader: DocumentReloader, outcomes: () -> Int, within seconds: Double = 3) {
        let before = outcomes()
        let deadline = Date().addingTimeInterval(seconds)
        while outcomes() == before, Date() < deadline {
            var descriptors = (reloader.fileDescriptors + [MainThreadMailbox.shared.fileDescriptor]).map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            _ = poll(&descriptors, nfds_t(descriptors.count), 50)
            for descriptor in descriptors.dropLast() where descriptor.revents != 0 { reloader.handleReadable(descriptor.fd) }
            if descriptors.last!.revents != 0 { MainThreadMailbox.shared.deliverPending() }
        }
    }

    func testTheReloaderReadsAChangedFileOffTheLoopAndSaysWhenItIsGone() throws {
        let path = try write(paragraphs(0..<10), to: "shown.log")
        let document = try TextDocument(contentsOfFile: path)
        var delivered: [(String, DocumentReloader.Outcome)] = []
        let reloader = try DocumentReloader(documents: [document]) { delivered.append(($0, $1)) }

        try Data(paragraphs(0..<20).utf8).write(to: URL(fileURLWithPath: path))
        nextOutcome(of: reloader, outcomes: { delivered.count })
        guard case .reloaded(let grown)? = delivered.last?.1 else { return XCTFail("no reload: \(delivered)") }
        XCTAssertEqual(delivered.last?.0, path)
        XCTAssertEqual((grown as? TextDocument)?.blocks.count, 20)

        XCTAssertEqual(unlink(path), 0)
        nextOutcome(of: reloader, outcomes: { delivered.count })
        guard case .unavailable(let notice)? = delivered.last?.1 else { return XCTFail("no notice: \(delivered)") }
        XCTAssertEqual(notice, "cannot open '\(path)': No such file or directory; showing it as it was")
        XCTAssertEqual(document.blocks.count, 10, "the shown document still reads from memory and its open file")

        try Data(paragraphs(0..<5).utf8).write(to: URL(fileURLWithPath: path))
        nextOutcome(of: reloader, outcomes: { delivered.count })
        guard case .reloaded(let back)? = delivered.last?.1 else { return XCTFail("not reloaded when back: \(delivered)") }
        XCTAssertEqual((back as? TextDocument)?.blocks.count, 5)
    }
}

extension FileChangeTests {
    func testEveryTextLayoutTakesTheReloadedDocumentOfItsFile() throws {
        let first = try write(paragraphs(0..<50), to: "first.txt")
        let second = try write(paragraphs(0..<50), to: "second.txt")
        let documents = [try TextDocument(contentsOfFile: first), try TextDocument(contentsOfFile: second)]
        try Data(paragraphs(0..<60).utf8).write(to: URL(fileURLWithPath: second))
        let grown = try documents[1].reloaded()
        let layouts: [any DocumentContent] = [
            DocumentLayout(document: documents[1]), HorizontalPagesLayout(document: documents[1]),
            DocumentCollectionLayout(documents: documents),
        ]
        for layout in layouts {
            layout.setViewportSize(width: 800, height: 600)
            XCTAssertTrue(layout.replaceDocument(with: grown), "\(type(of: layout))")
        }
        XCTAssertEqual((layouts[0] as! DocumentLayout).document.blocks.count, 60)
        XCTAssertEqual((layouts[2] as! DocumentCollectionLayout).documents.map { $0.document.blocks.count }, [50, 60])
        XCTAssertFalse(DocumentLayout(document: documents[0]).replaceDocument(with: grown), "another file")
    }
}
