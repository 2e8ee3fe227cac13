@testable import DocumentKit
import Foundation
import ImageKind
@testable import KindRegistry
@testable import TextKind
import XCTest

/// Recognising files by their bytes, refusing what Glide does not show, and opening text and
/// images together.
final class FileFormatTests: XCTestCase {
    private func file(_ bytes: [UInt8], named name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The first bytes of each format as its specification writes them, padded with what
    /// follows in a real file.
    private let samples: [(String, [UInt8], FileFormat)] = [
        ("PDF", Array("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj << /Type /Catalog >>".utf8), .pdf),
        ("ZIP", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00] + [UInt8](repeating: 0x41, count: 40), .archive(name: "ZIP")),
        ("RAR 4", Array("Rar!\u{1A}\u{07}\u{00}\u{CF}\u{90}\u{73}".utf8), .archive(name: "RAR")),
        ("RAR 5", Array("Rar!\u{1A}\u{07}\u{01}\u{00}".utf8) + [0x33, 0x92, 0xB5, 0xE5], .archive(name: "RAR")),
        ("7-Zip", [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C, 0x00, 0x04], .archive(name: "7-Zip")),
        ("tar", Array("page1.png".utf8) + [UInt8](repeating: 0, count: 248) + Array("ustar\u{0}00".utf8), .archive(name: "tar")),
        ("ELF", [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + [UInt8](repeating: 0, count: 56), .unsupported(name: "ELF")),
        ("AVIF", [0x00, 0x00, 0x00, 0x1C] + Array("ftypavif\0\0\0\0avifmif1miaf".utf8), .image(name: "AVIF")),
        ("SVG", Array("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- drawn -->\n<!DOCTYPE svg>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8),
         .image(name: "SVG")),
        ("WebP", Array("RIFF\u{10}\0\0\0WEBPVP8L".utf8), .image(name: "WebP")),
        ("GIF", Array("GIF89a\u{1}\0\u{1}\0".utf8), .image(name: "GIF")),
        ("PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], .image(name: "PNG")),
        ("gzip", [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0], .unsupported(name: "gzip")),
        // DjVu's IFF header, the form's size, then a page or a bundled document; any other form
        // (a shared dictionary) is not a document.
        ("DjVu page", Array("AT&TFORM\0\0\u{7}dDJVUINFO".utf8), .djvu),
        ("DjVu bundle", Array("AT&TFORM\0\0\u{8}\u{12}DJVMDIRM".utf8), .djvu),
        ("DjVu component", Array("AT&TFORM\0\0\0\u{20}DJVIDjbz".utf8), .unsupported(name: "DjVu component")),
    ]

    func testFormatsAreRecognisedByTheirBytesWhateverTheirName() {
        for (label, head, format) in samples {
            XCTAssertEqual(FileFormat.recognise(head: head, path: "notes.txt"), format, label)
            XCTAssertEqual(FileFormat.recognise(head: head, path: "notes.md"), format, label)
        }
    }

    func testMostlyValidUTF8StaysTextAndBinaryDoesNot() {
        // A log with a stray Latin-1 byte, a cut sequence and an escape (colour) code.
        let log = bytes("2026-11-30 caf") + [0xE9] + bytes(" \u{1B}[31merror\u{1B}[0m\tdone\n") + [0xC3]
        XCTAssertEqual(FileFormat.recognise(head: log, path: "app.log"), .plainText)
        XCTAssertEqual(FileFormat.recognise(head: bytes("# Title\n"), path: "a.MD"), .markdown)
        XCTAssertEqual(FileFormat.recognise(head: [], path: "empty"), .plainText)
        XCTAssertEqual(FileFormat.recognise(head: bytes("BMW and BM are words\n"), path: "b.txt"), .plainText)
        var random = SystemRandomNumberGenerator()
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
        XCTAssertEqual(FileFormat.recognise(head: [0x01, 0x02] + noise, path: "x.txt"), .unsupported(name: "binary"))
        XCTAssertEqual(FileFormat.recognise(head: [0xFF, 0xFE, 0x41, 0x00, 0x42, 0x00], path: "u.txt"),
                       .unsupported(name: "UTF-16 text"))
        XCTAssertEqual(FileFormat.recognise(head: [UInt8](repeating: 0, count: 4096), path: "sparse.log"), .plainText,
                       "a sparse file's holes are text with holes")
    }

    func testUnsupportedFilesAreRefusedWithOneLine() throws {
        for (label, head, format) in samples where format.isUnsupported {
            let path = try file(head, named: "document.txt")
            XCTAssertThrowsError(try KindRegistry.open(path), label) { error in
                XCTAssertEqual("\(error)", "cannot open '\(path)': \(label) files are not supported")
            }
        }
    }

    func testAPDFUnderAnyNameGoesToPoppler() throws {
        let (_, head, _) = try XCTUnwrap(samples.first { $0.2 == .pdf })
        let path = try file(head, named: "document.txt")
        XCTAssertThrowsError(try KindRegistry.open(path)) { error in
            XCTAssertEqual("\(error)", "cannot open PDF '\(path)': it is damaged")
        }
    }

    func testAnImageFileIsOpenedAsAnImageWhateverItsName() throws {
        let path = try file(samples.first { $0.0 == "GIF" }!.1, named: "picture.txt")
        let document = try opened(path, as: ImageCollection.self)
        XCTAssertEqual(document.imagePaths, [path])
    }

    func testTextAndImagesOpenTogetherAsPagesOfOneStrip() throws {
        let text = try file(bytes("Some notes.\n"), named: "notes.txt")
        let image = try file(samples.first { $0.0 == "PNG" }!.1, named: "photo.png")
        let set = try DocumentSet(opening: [text, image])
        XCTAssertEqual(set.documents.count, 2)
        XCTAssertTrue(set.documents.allSatisfy { $0 is TextDocument })
        XCTAssertEqual((set.documents[1] as? TextDocument)?.blocks, [Block(kind: .image(source: image), text: "photo.png", alignment: .center)])
    }

    func testAnUnsupportedFileAmongSeveralIsSkippedAndAloneIsAnError() throws {
        let text = try file(bytes("Some notes.\n"), named: "notes.txt")
        let program = try file(samples.first { $0.0 == "ELF" }!.1, named: "program")
        let set = try DocumentSet(opening: [program, text])
        XCTAssertEqual(set.documents.map(\.title), ["notes.txt"])
        XCTAssertEqual(set.skipped, [.unsupportedFormat(path: program, name: "ELF")])
        XCTAssertThrowsError(try DocumentSet(opening: [program, program])) { error in
            XCTAssertEqual("\(error)", "cannot open '\(program)': ELF files are not supported")
        }
    }

    /// The kind registry asks each kind, and each asks `recognise`: the answer is kept for the
    /// same array at the same path, and never given for other bytes or another path.
    func testAKeptRecognitionIsGivenOnlyForTheSameHeadAndPath() {
        let text = bytes("# A heading\n\nSome text.\n")
        XCTAssertEqual(FileFormat.recognise(head: text, path: "/tmp/a.md"), .markdown)
        XCTAssertEqual(FileFormat.recognise(head: text, path: "/tmp/a.md"), .markdown)
        XCTAssertEqual(FileFormat.recognise(head: text, path: "/tmp/a.txt"), .plainText)
        XCTAssertEqual(FileFormat.recognise(head: bytes("%PDF-1.7\n"), path: "/tmp/a.txt"), .pdf)
        var rewritten = text
        rewritten.replaceSubrange(0..<rewritten.count, with: [0x7F, 0x45, 0x4C, 0x46] + [UInt8](repeating: 0, count: text.count - 4))
        XCTAssertEqual(FileFormat.recognise(head: rewritten, path: "/tmp/a.txt"), .unsupported(name: "ELF"))
        XCTAssertEqual(FileFormat.recognise(head: Array(text), path: "/tmp/a.md"), .markdown)
    }
}

private extension FileFormat {
    var isUnsupported: Bool {
        if case .unsupported = self { return true }
        return false
    }
}
