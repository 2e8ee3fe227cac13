import ArchiveFixtures
@testable import ArchiveKit
import CLibXML2
@testable import EPUBKind
import Foundation
import XCTest

/// The book's XML reads nothing but its own bytes, expands no entity, and still finds its
/// elements and attributes by local name.
final class XMLSafetyTests: XCTestCase {
    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE package [
          <!ENTITY lol "lol">
          <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
          <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
          <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
          <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
          <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
          <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        """

    func testABillionLaughsExpandsNothing() throws {
        let document = Self.billionLaughs + "<root><title>A &lol9; B</title><item attr=\"x&lol9;y\"/></root>"
        var parsed: XMLDocument?
        parsed = XMLDocument(bytes: Array(document.utf8))
        // libxml2 refuses the amplification; whatever tree it keeps holds no laugh.
        if let root = parsed?.root {
            let title = root.firstChild(named: "title")?.text() ?? ""
            XCTAssertFalse(title.contains("lol"), title)
            XCTAssertFalse((root.firstChild(named: "item")?.attribute("attr") ?? "").contains("lol"))
        }
        // A book whose title is a billion laughs: refused or opened, with no laugh.
        let path = try TestBooks.write([
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(metadata: "<dc:identifier id=\"bookid\">x</dc:identifier><dc:title>&lol9;</dc:title>",
                              manifest: "<item id=\"c1\" href=\"c1.xhtml\" media-type=\"application/xhtml+xml\"/>",
                              spine: "<itemref idref=\"c1\"/>", prolog: Self.billionLaughs.replacingOccurrences(of: "<?xml version=\"1.0\"?>", with: "")),
            TestBooks.chapter("OEBPS/c1.xhtml", title: "One"),
        ], self)
        if let package = try? EPUBPackage(archive: ZipArchive(path: path)) {
            XCTAssertFalse((package.title ?? "").contains("lol"))
        }
    }

    /// External entities, an external DTD and an external parameter entity, pointing at
    /// /etc/passwd and at a well-formed file of our own: nothing of either is ever read in.
    func testExternalEntitiesAndDTDsAreNeverRead() throws {
        let marker = "GLIDE-EXTERNAL-MARKER"
        let external = temporaryPath(self, ".xml")
        try Data("<x>\(marker)</x>".utf8).write(to: URL(fileURLWithPath: external))
        let externalText = temporaryPath(self, ".txt")
        try Data(marker.utf8).write(to: URL(fileURLWithPath: externalText))
        let dtd = temporaryPath(self, ".dtd")
        try Data("<!ENTITY fromdtd \"\(marker)\">".utf8).write(to: URL(fileURLWithPath: dtd))
        let documents = [
            "<!DOCTYPE r [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><r><t>&xxe;</t></r>",
            "<!DOCTYPE r [<!ENTITY xxe SYSTEM \"file://\(externalText)\">]><r><t>&xxe;</t></r>",
            "<!DOCTYPE r [<!ENTITY xxe SYSTEM \"\(external)\">]><r><t>&xxe;</t></r>",
            "<!DOCTYPE r SYSTEM \"\(dtd)\"><r><t>&fromdtd;</t></r>",
            "<!DOCTYPE r [<!ENTITY % p SYSTEM \"\(dtd)\"> %p;]><r><t>&fromdtd;</t></r>",
            "<!DOCTYPE r [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]><r><t>text</t></r>",
            "<!DOCTYPE r [<!ENTITY xxe SYSTEM \"http://127.0.0.1:9/x\">]><r><t>&xxe;</t></r>",
        ]
        for document in documents {
            let text = XMLDocument(bytes: Array(("<?xml version=\"1.0\"?>" + document).utf8))?.root?.firstChild(named: "t")?.text() ?? ""
            XCTAssertFalse(text.contains(marker), document)
            XCTAssertFalse(text.contains("root:"), document)
        }
        // In a book's title.
        let path = try TestBooks.write([
            TestBooks.mimetype, TestBooks.container(),
            TestBooks.package(metadata: "<dc:identifier id=\"bookid\">x</dc:identifier><dc:title>T&xxe;&ext;</dc:title>",
                              manifest: "<item id=\"c1\" href=\"c1.xhtml\" media-type=\"application/xhtml+xml\"/>",
                              spine: "<itemref idref=\"c1\"/>",
                              prolog: "<!DOCTYPE package [<!ENTITY xxe SYSTEM \"file:///etc/passwd\"><!ENTITY ext SYSTEM \"file://\(externalText)\">]>"),
            TestBooks.chapter("OEBPS/c1.xhtml", title: "One"),
        ], self)
        let package = try EPUBPackage(archive: ZipArchive(path: path))
        XCTAssertEqual(package.title, "T")
    }

    /// Even a parse that asks libxml2 to substitute entities (XML_PARSE_NOENT, which this
    /// module never passes) reads no external one once XMLDocument has set libxml2 up.
    func testLibxml2LoadsNoExternalEntityForAnyone() throws {
        _ = XMLDocument(bytes: Array("<r/>".utf8))
        let document = "<!DOCTYPE r [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><r>&xxe;</r>"
        let options = Int32(bitPattern: XML_PARSE_NOENT.rawValue | XML_PARSE_DTDLOAD.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue)
        let parsed = try XCTUnwrap(xmlReadMemory(document, Int32(document.utf8.count), nil, nil, options))
        defer { xmlFreeDoc(parsed) }
        var text = ""
        var child = xmlDocGetRootElement(parsed)?.pointee.children
        while let node = child {
            if let content = node.pointee.content { text += String(cString: content) }
            child = node.pointee.next
        }
        XCTAssertFalse(text.contains("root:"), text)
    }

    func testNamesAreFoundByLocalNameAndAttributesByNamespace() throws {
        let document = """
            <?xml version="1.0"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
            <body><nav epub:type="toc landmarks" type="plain"><ol><li><a href="a.xhtml">A&nbsp;chapter &amp; more</a></li></ol></nav>
            <nav xmlns:e="http://www.idpf.org/2007/ops" e:type="page-list"/>
            <section undeclared:type="x"/></body></html>
            """
        let root = try XCTUnwrap(XMLDocument(bytes: Array(document.utf8))?.root)
        XCTAssertEqual(root.localName, "html")
        XCTAssertEqual(root.namespace, "http://www.w3.org/1999/xhtml")
        let body = try XCTUnwrap(root.firstChild(named: "body"))
        let navs = body.children(named: "nav")
        XCTAssertEqual(navs.count, 2)
        XCTAssertEqual(navs[0].attribute("type", namespace: NavigationDocumentReader.operationsNamespace), "toc landmarks")
        XCTAssertEqual(navs[0].attribute("type"), "plain", "the attribute in no namespace is another")
        XCTAssertEqual(navs[1].attribute("type", namespace: NavigationDocumentReader.operationsNamespace), "page-list",
                       "any prefix bound to the namespace")
        XCTAssertNil(navs[1].attribute("type"))
        let section = try XCTUnwrap(body.firstChild(named: "section"))
        XCTAssertEqual(section.attribute("type", namespace: NavigationDocumentReader.operationsNamespace), "x",
                       "an undeclared prefix matches")
        let link = try XCTUnwrap(navs[0].firstChild(named: "ol")?.firstChild(named: "li")?.firstChild(named: "a"))
        XCTAssertEqual(link.text(), "A\u{A0}chapter & more", "XML's own entities, and HTML's nbsp that XML lacks")
        XCTAssertEqual(link.collapsedText(), "A chapter & more")
        XCTAssertEqual(link.attribute("href"), "a.xhtml")
        let undeclared = try XCTUnwrap(XMLDocument(bytes: Array("<package><metadata><dc:title>T</dc:title></metadata></package>".utf8))?.root)
        XCTAssertEqual(undeclared.firstChild(named: "metadata")?.firstChild(named: "title")?.text(), "T",
                       "a prefix no xmlns declares")
        XCTAssertNil(XMLDocument(bytes: []))
    }
}
