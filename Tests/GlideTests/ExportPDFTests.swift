import ArchiveFixtures
import DocumentKit
import Foundation
import KindRegistry
import Machinery
import Render
import TestSupport
import XCTest

/// `glide --export-pdf OUT FILE`: the document in A4 pages through cairo's PDF surface, read
/// back by poppler's tools (pdfinfo, pdftotext, pdftohtml) and by Glide's own PDF kind.
final class ExportPDFTests: XCTestCase {
    private var folder = ""
    private var glide: String { BuiltProducts.path(of: "glide") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("glide-export-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Exports with no compositor to be found: the export needs no window.
    private func export(_ arguments: [String]) throws -> (status: Int32?, output: String, error: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = "wayland-glide-none"
        environment["XDG_RUNTIME_DIR"] = folder
        return try ChildProcess.run(glide, arguments, environment: environment)
    }

    private func tool(_ name: String, _ arguments: [String]) throws -> String {
        let run = try ChildProcess.run("/usr/bin/" + name, arguments)
        XCTAssertEqual(run.status, 0, "\(name): \(run.error)")
        return run.output
    }

    private func markdown() throws -> String {
        let path = folder + "/notes.md"
        var text = "# First heading\n\nSee [the web](https://example.org/a'b) and [the second heading](#second-heading).\n\n"
        for paragraph in 1...60 { text += "Paragraph \(paragraph) with words that fill a printed page of an exported document.\n\n" }
        text += "## Second heading\n\nThe end, with [mail](mailto:someone@example.org).\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testAMarkdownFileBecomesA4PagesWithItsTextLinksAndOutline() throws {
        let source = try markdown(), output = folder + "/notes.pdf"
        let run = try export(["--export-pdf", output, source])
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertEqual(run.error, "")
        let info = try tool("pdfinfo", [output])
        XCTAssertTrue(info.contains("A4"), info)
        let pages = try XCTUnwrap(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
            .flatMap { Int($0.split(separator: " ").last ?? "") })
        XCTAssertGreaterThanOrEqual(pages, 3, "60 paragraphs take several pages")
        let text = try tool("pdftotext", [output, "-"])
        for words in ["First heading", "See the web and the second heading.", "Paragraph 60 with words", "Second heading", "The end"] {
            XCTAssertTrue(text.contains(words), "\(words) in \(text.prefix(300))…")
        }
        XCTAssertFalse(text.contains("#second-heading") || text.contains("]("), "no Markdown syntax printed")
        let xml = try tool("pdftohtml", ["-xml", "-stdout", "-i", output])
        XCTAssertTrue(xml.contains("<a href=\"https://example.org/a'b\">the web</a>"), xml)
        XCTAssertTrue(xml.contains("<a href=\"mailto:someone@example.org\">mail</a>"), xml)
        XCTAssertTrue(xml.contains("<item page=\"1\">First heading</item>"), xml)
        XCTAssertTrue(xml.contains("<item page=\"\(pages)\">Second heading</item>"), "the nested row leads to the last page")

        // The link inside the document leads to the page of the heading, as poppler reads it.
        let document = try KindRegistry.open(output)
        try document.waitUntilOpened()
        let layout = document.makeLayout(palette: .light)
        layout.setViewportSize(width: 595, height: 842)
        // A PDF page's links arrive with its pixels.
        ContentSettling.settle(layout, showing: ContentRect(x: 0, y: 0, width: 595, height: 842), drawScale: 1,
                               until: MonotonicClock.seconds() + 20)
        let linked = try XCTUnwrap(firstLink(in: layout, where: { if case .place = $0 { true } else { false } }))
        guard case .place(let page, _) = linked else { return XCTFail("\(linked)") }
        XCTAssertEqual(page, pages - 1, "the heading is on the last page")
    }

    /// The first link on the first page whose target `matches`, searched every 4 px.
    private func firstLink(in layout: any DocumentContent, where matches: (ContentLink) -> Bool) -> ContentLink? {
        for y in stride(from: 0.0, to: 842, by: 4) {
            for x in stride(from: 0.0, to: 595, by: 4) {
                if let link = layout.link(at: ContentPoint(x: x, y: y), zoomScale: 1), matches(link) { return link }
            }
        }
        return nil
    }

    func testAComicBecomesOnePageAnImage() throws {
        let source = folder + "/comic.cbz", output = folder + "/comic.pdf"
        try ArchiveWriter.write((1...3).map { ArchiveEntry("page\($0).png", bytes: TestImages.redPNG(width: 300, height: 400)) }, to: source)
        let run = try export(["--export-pdf", output, source])
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertTrue(try tool("pdfinfo", [output]).contains("Pages:           3"))
        let images = try tool("pdfimages", ["-list", output])
        XCTAssertEqual(images.split(separator: "\n").count, 2 + 3, "three images, one a page: \(images)")
    }

    func testAPDFIsWrittenAsItIsAndAnExistingOutputIsOverwritten() throws {
        let source = try markdown(), first = folder + "/first.pdf", second = folder + "/second.pdf"
        XCTAssertEqual(try export(["--export-pdf", first, source]).status, 0)
        try "an older file".write(toFile: second, atomically: true, encoding: .utf8)
        let run = try export(["--export-pdf", second, first])
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: second)), try Data(contentsOf: URL(fileURLWithPath: first)))
    }

    func testWhatCannotBeOpenedIsOneLineAndWritesNothing() throws {
        let program = folder + "/program", output = folder + "/out.pdf"
        try Data([0x7F, 0x45, 0x4C, 0x46] + [UInt8](repeating: 0, count: 60)).write(to: URL(fileURLWithPath: program))
        let refused = try export(["--export-pdf", output, program])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.error, "glide: cannot open '\(program)': ELF files are not supported\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        let two = try export(["--export-pdf", output, program, program])
        XCTAssertEqual(two.status, 2)
        XCTAssertTrue(two.error.hasPrefix("glide: --export-pdf writes one document, not 2"), two.error)
        let unwritable = try export(["--export-pdf", folder + "/missing/out.pdf", try markdown()])
        XCTAssertEqual(unwritable.status, 1)
        XCTAssertEqual(unwritable.error.filter { $0 == "\n" }.count, 1, unwritable.error)
        XCTAssertTrue(unwritable.error.contains("No such file or directory"), unwritable.error)
    }
}
