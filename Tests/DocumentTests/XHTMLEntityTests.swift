import Foundation
@testable import TextKind
import XCTest

/// A hostile book's chapters (issue 24): no entity is expanded, no DTD is read, and no file
/// outside the bytes given is ever opened, well-formed or not; each answer comes at once.
final class XHTMLEntityTests: XCTestCase {
    private var folder: URL!
    /// A file outside the book whose text must never show.
    private var secret: URL!
    private let secretText = "SECRET-4b1d-text-outside-the-book"

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("glide-entities-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        secret = folder.appendingPathComponent("secret.txt")
        try Data(secretText.utf8).write(to: secret)
        // A DTD that would declare the secret as an entity, were it ever loaded.
        try Data("<!ENTITY leak SYSTEM \"\(secret.absoluteString)\"><!ENTITY greeting \"LOADED-DTD\">".utf8)
            .write(to: folder.appendingPathComponent("evil.dtd"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func blocks(_ xhtml: String) -> (text: String, blocks: [Block]) {
        let result = MarkupBlocks.blocks(ofXHTML: Array(xhtml.utf8), references: BookReferences(chapter: "c.xhtml"))
        return (result.map(\.text).joined(separator: "\n"), result)
    }

    /// Ten levels of ten: a billion `lol`s (3 GB) if expanded.
    private var laughs: String {
        var declarations = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        return declarations
    }

    func testABillionLaughsExpandsNothing() {
        for body in ["<p>Before &lol9; after.</p>", "<p title=\"&lol9;\">Before after.</p>"] {
            let result = blocks("""
                <?xml version="1.0"?>
                <!DOCTYPE html [\(laughs)]>
                <html xmlns="http://www.w3.org/1999/xhtml"><body>\(body)</body></html>
                """)
            XCTAssertLessThan(result.text.utf8.count, 200, "nothing expanded: \(result.text.prefix(200))")
            XCTAssertTrue(result.text.contains("Before"))
            XCTAssertFalse(result.text.contains("lollol"))
            XCTAssertFalse(result.text.contains("ENTITY"), "the DTD's declarations are not shown as text")
        }
    }

    func testASmallInternalEntityIsNotExpandedEither() {
        let wellFormed = blocks("""
            <?xml version="1.0"?>
            <!DOCTYPE html [<!ENTITY name "EXPANDED">]>
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>Hello &name; world!</p></body></html>
            """)
        XCTAssertEqual(wellFormed.text, "Hello world!")
        // `&nbsp;`, declared nowhere, makes it not well-formed: the HTML parser shows an
        // entity it does not know as written, as a browser does.
        let recovered = blocks("""
            <?xml version="1.0"?>
            <!DOCTYPE html [<!ENTITY name "EXPANDED">]>
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>Hello &name; world&nbsp;!</p></body></html>
            """)
        XCTAssertEqual(recovered.text, "Hello &name; world\u{A0}!")
    }

    func testExternalEntitiesAndDTDsAreNeverRead() throws {
        XCTAssertTrue(FileManager.default.isReadableFile(atPath: secret.path))
        let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8))?.split(separator: ":").first.map(String.init)
        let documents = [
            // Well-formed: the references stay unexpanded.
            """
            <?xml version="1.0"?>
            <!DOCTYPE html [<!ENTITY pw SYSTEM "file:///etc/passwd"><!ENTITY s SYSTEM "\(secret.absoluteString)">
              <!ENTITY % p SYSTEM "\(folder.appendingPathComponent("evil.dtd").absoluteString)"> %p;]>
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>A &pw; B &s; C &leak; D &greeting;</p></body></html>
            """,
            // An external DTD subset, by path and by URL.
            """
            <?xml version="1.0"?>
            <!DOCTYPE html SYSTEM "\(folder.appendingPathComponent("evil.dtd").path)">
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>A &leak; B &greeting;</p></body></html>
            """,
            """
            <?xml version="1.0"?>
            <!DOCTYPE html PUBLIC "-//EVIL//DTD" "\(folder.appendingPathComponent("evil.dtd").absoluteString)">
            <html xmlns="http://www.w3.org/1999/xhtml"><body><p>A &leak; B &greeting;</p></body></html>
            """,
            // Not well-formed, so read by the HTML parser.
            """
            <!DOCTYPE html [<!ENTITY s SYSTEM "\(secret.absoluteString)"><!ENTITY pw SYSTEM "file:///etc/passwd">]>
            <html><body><p>A &s; B &pw;<br> C
            """,
            // XInclude, which is never processed.
            """
            <?xml version="1.0"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:xi="http://www.w3.org/2001/XInclude"><body>
            <p>A <xi:include href="\(secret.absoluteString)" parse="text"/> B</p></body></html>
            """,
        ]
        for document in documents {
            let result = blocks(document)
            XCTAssertTrue(result.text.contains("A"), "the chapter is read: \(result.text)")
            XCTAssertFalse(result.text.contains(secretText), "a file outside the book was read: \(result.text)")
            XCTAssertFalse(result.text.contains("LOADED-DTD"), "a DTD was read: \(result.text)")
            if let passwd { XCTAssertFalse(result.text.contains(passwd + ":"), "/etc/passwd was read") }
        }
    }
}
