import ArchiveFixtures
import Foundation
import XCTest

/// The parts of the books the tests write: `mimetype` stored first, the container, a package
/// document, chapters, a navigation document and an NCX, as EPUB 2 and 3 books have them.
enum TestBooks {
    static let mimetype = ArchiveEntry("mimetype", "application/epub+zip", stored: true)

    static func container(_ packagePath: String = "OEBPS/content.opf") -> ArchiveEntry {
        ArchiveEntry("META-INF/container.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
              <rootfiles>
                <rootfile full-path="\(packagePath)" media-type="application/oebps-package+xml"/>
              </rootfiles>
            </container>
            """)
    }

    /// A package document with `metadata`, `manifest` and `spine` as given (their inner XML).
    static func package(_ path: String = "OEBPS/content.opf", version: String = "3.0", uniqueIdentifier: String = "bookid",
                        metadata: String, manifest: String, spine: String, spineAttributes: String = "",
                        prolog: String = "") -> ArchiveEntry {
        ArchiveEntry(path, """
            <?xml version="1.0" encoding="UTF-8"?>
            \(prolog)
            <package xmlns="http://www.idpf.org/2007/opf" version="\(version)" unique-identifier="\(uniqueIdentifier)">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            \(metadata)
              </metadata>
              <manifest>
            \(manifest)
              </manifest>
              <spine\(spineAttributes)>
            \(spine)
              </spine>
            </package>
            """)
    }

    static func chapter(_ path: String, title: String, body: String = "", head: String = "") -> ArchiveEntry {
        ArchiveEntry(path, """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
            <head><title>\(title)</title>\(head)</head>
            <body><h1>\(title)</h1>\(body)</body>
            </html>
            """)
    }

    /// A navigation document whose `<nav epub:type="toc">` holds `list` (an `<ol>`).
    static func navigation(_ path: String, list: String, extraNavs: String = "") -> ArchiveEntry {
        ArchiveEntry(path, """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
            <head><title>Contents</title></head>
            <body>\(extraNavs)<nav epub:type="toc" id="toc"><h1>Contents</h1>\(list)</nav></body>
            </html>
            """)
    }

    static func ncx(_ path: String, navMap: String) -> ArchiveEntry {
        ArchiveEntry(path, """
            <?xml version="1.0" encoding="UTF-8"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
              <head><meta name="dtb:uid" content="urn:uuid:1"/></head>
              <docTitle><text>Book</text></docTitle>
              <navMap>\(navMap)</navMap>
            </ncx>
            """)
    }

    /// The usual metadata of a test book.
    static func metadata(title: String = "A Test Book", identifier: String = "urn:uuid:12345678-90ab-cdef-1234-567890abcdef",
                         extra: String = "") -> String {
        """
        <dc:identifier id="bookid">\(identifier)</dc:identifier>
        <dc:title>\(title)</dc:title>
        <dc:language>en</dc:language>
        \(extra)
        """
    }

    /// A one-chapter EPUB 3 book with `extra` entries after its own.
    static func minimal(metadata: String = TestBooks.metadata(), extra: [ArchiveEntry] = [], manifestExtra: String = "") -> [ArchiveEntry] {
        [mimetype, container(),
         package(metadata: metadata, manifest: """
             <item id="c1" href="chapter1.xhtml" media-type="application/xhtml+xml"/>
             \(manifestExtra)
             """, spine: "<itemref idref=\"c1\"/>"),
         chapter("OEBPS/chapter1.xhtml", title: "One")] + extra
    }

    /// `META-INF/encryption.xml` saying the font `idpf` is obfuscated by the IDPF's algorithm
    /// and the font `adobe` by Adobe's (entry names).
    static func fontEncryption(idpf: String, adobe: String) -> ArchiveEntry {
        ArchiveEntry("META-INF/encryption.xml", """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
              <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/>
                <enc:CipherData><enc:CipherReference URI="\(idpf)"/></enc:CipherData></enc:EncryptedData>
              <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://ns.adobe.com/pdf/enc#RC"/>
                <enc:CipherData><enc:CipherReference URI="\(adobe)"/></enc:CipherData></enc:EncryptedData>
            </encryption>
            """)
    }

    /// Writes `entries` as a zip and returns its path (removed when the test ends).
    static func write(_ entries: [ArchiveEntry], _ test: XCTestCase) throws -> String {
        let path = temporaryPath(test)
        try ArchiveWriter.write(entries, to: path)
        return path
    }
}
