import ArchiveFixtures
import EPUBFixtures
import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// Issue 24's hostile books through the real binary: the ones refused exit 1 with one line on
/// stderr before any window; the ones shown open, show their notice in the text, answer keys,
/// say nothing on stderr and quit with status 0. EPUBTests' HostileBookTests holds them all
/// through the kind registry.
final class HostileBookBinaryTests: GlideTestCase {
    private let one = BookChapter(title: "One", paragraphs: (1...30).map { "Paragraph \($0) of the first chapter reads on." })

    /// A fresh folder, removed when the test ends.
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func write(_ entries: [ArchiveEntry], named name: String, in directory: String) throws -> String {
        let path = directory + "/" + name
        try ArchiveWriter.write(entries, to: path)
        return path
    }

    func testRefusedBooksSayWhyInOneLineAndExitOne() throws {
        let directory = try folder()
        let drm = try write(GeneratedBook.entries(title: "Locked", chapters: [one], extra: [ArchiveEntry("META-INF/encryption.xml", """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
              <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
                <enc:CipherData><enc:CipherReference URI="OEBPS/c1.xhtml"/></enc:CipherData></enc:EncryptedData>
            </encryption>
            """)]), named: "drm.epub", in: directory)
        let crowded = try write([ArchiveEntry("mimetype", "application/epub+zip", stored: true)]
            + (1...100_000).map { ArchiveEntry("OEBPS/f\($0).xhtml", "<p/>", stored: true) }, named: "crowded.epub", in: directory)
        let whole = try write(GeneratedBook.entries(title: "Cut", chapters: [one, one]), named: "whole.epub", in: directory)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = directory + "/cut.epub"
        try bytes.prefix(bytes.count * 3 / 4).write(to: URL(fileURLWithPath: cut))
        let empty = try write(GeneratedBook.entries(title: "Empty", chapters: [one]).filter { $0.name != "OEBPS/c1.xhtml" },
                              named: "empty.epub", in: directory)
        for (path, reason) in [(drm, "it is protected by DRM"), (crowded, "it has more than 100,000 files"),
                               (cut, "it is damaged: it is not a zip archive, or its end is missing"),
                               (empty, "it is damaged: its reading order lists no document the book holds")] {
            let result = try GlideSession.runWithoutWindow([path])
            XCTAssertEqual(result.status, 1, path)
            XCTAssertEqual(result.error, "glide: cannot open '\(path)': \(reason)\n")
        }
    }

    /// A 10 GB chapter whose directory says 100 bytes, paths out of the archive with a file
    /// beside the book they would reach, entities and an external DTD: each book opens, End
    /// reaches its last chapter, and glide says nothing and quits with status 0.
    func testHostileBooksOpenAnswerAndQuitSilently() throws {
        let directory = try folder()
        let bomb = DeflateBomb.stream(inflatingToAtLeast: 10 << 30)
        let bombed = directory + "/bomb.epub"
        try HandWrittenZip.zip(GeneratedBook.entries(title: "Bomb", chapters: [one, one]).map { entry in
            guard entry.name == "OEBPS/c2.xhtml" else { return HandWrittenEntry(stored: entry) }
            return HandWrittenEntry(name: entry.name, deflated: bomb.stream, uncompressedSize: bomb.inflatedBytes, crc: 0,
                                    claimedUncompressedSize: 100)
        }, zip64: true).write(to: URL(fileURLWithPath: bombed))
        try Data("# GLIDE-SENTINEL\n".utf8).write(to: URL(fileURLWithPath: directory + "/sentinel.md"))
        let climbing = try write(GeneratedBook.entries(title: "Climbing", chapters: [one, BookChapter(title: "Two", body: """
            <p><a href="../sentinel.md">up</a> <a href="\(directory)/sentinel.md">absolute</a> <a href="?x.md">query</a>
            <img src="../../sentinel.png" alt="a climbing picture"/></p>
            """)], extra: [ArchiveEntry("../sentinel.md", "climbs")]), named: "climbing.epub", in: directory)
        var entities = GeneratedBook.entries(title: "Entities", chapters: [one, one])
        entities[entities.count - 1] = ArchiveEntry("OEBPS/c2.xhtml", GeneratedBook.xhtml(title: "Two", body: "<h1>Two</h1><p>A &xxe; B</p>",
            prolog: "<!DOCTYPE html [<!ENTITY xxe SYSTEM \"file://\(directory)/sentinel.md\">]>"))
        let entitled = try write(entities, named: "entities.epub", in: directory)
        for path in [bombed, climbing, entitled] {
            let session = try start(document: .paths([path]))
            for key in [KeyCode.end, .home, .end] {
                try session.type(key)
                try session.runUntilIdle()
            }
            XCTAssertTrue(session.client.isRunning, "\(path): still running")
            try session.type(.q)
            XCTAssertEqual(try session.client.waitForExit(), 0, path)
            XCTAssertEqual(session.client.standardError, "", path)
            XCTAssertEqual(session.takeProblems(), [], path)
            session.stop()
            self.session = nil
        }
    }
}
