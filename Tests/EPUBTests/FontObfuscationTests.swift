@testable import EPUBKind
import ArchiveFixtures
@testable import ArchiveKit
import Foundation
import XCTest

/// SHA-1 and the two font obfuscations, against independent answers: FIPS 180's examples,
/// the system's `sha1sum`, and keys worked out by hand.
final class FontObfuscationTests: XCTestCase {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    func testSHA1MatchesTheStandardsExamples() {
        XCTAssertEqual(hex(SHA1.digest([])), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        XCTAssertEqual(hex(SHA1.digest(Array("abc".utf8))), "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
                       "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }

    /// Every length around the padding's edges (55, 56, 63, 64 bytes) and a few blocks long.
    func testSHA1MatchesSha1sumAtEveryPaddingEdge() throws {
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 1000, 4097] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            XCTAssertEqual(hex(SHA1.digest(bytes)), try sha1sum(bytes), "length \(length)")
        }
    }

    func testTheIDPFKeyIsTheSHA1OfTheIdentifierWithoutWhiteSpace() throws {
        let identifier = " urn:uuid:0b1c2d3e-4f50\t-6172-8394-\na5b6c7d8e9f0\r\n "
        XCTAssertEqual(hex(FontObfuscation.idpfKey(identifier)), try sha1sum(Array("urn:uuid:0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0".utf8)))
        XCTAssertEqual(FontObfuscation.idpf.key(uniqueIdentifier: identifier, identifiers: []), FontObfuscation.idpfKey(identifier))
        XCTAssertNil(FontObfuscation.idpf.key(uniqueIdentifier: nil, identifiers: ["urn:uuid:x"]))
    }

    func testTheAdobeKeyIsTheUUIDsBytes() {
        XCTAssertEqual(FontObfuscation.adobeKey("urn:uuid:0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0"),
                       [0x0B, 0x1C, 0x2D, 0x3E, 0x4F, 0x50, 0x61, 0x72, 0x83, 0x94, 0xA5, 0xB6, 0xC7, 0xD8, 0xE9, 0xF0])
        XCTAssertEqual(FontObfuscation.adobeKey("0B1C2D3E4F5061728394A5B6C7D8E9F0")?.first, 0x0B)
        XCTAssertNil(FontObfuscation.adobeKey("urn:isbn:9780000000000"))
        XCTAssertNil(FontObfuscation.adobeKey("urn:uuid:0b1c2d3e-4f50-6172-8394-a5b6c7d8e9"))
        XCTAssertNil(FontObfuscation.adobeKey("urn:uuid:zb1c2d3e-4f50-6172-8394-a5b6c7d8e9f0"))
        XCTAssertEqual(FontObfuscation.adobe.key(uniqueIdentifier: "urn:isbn:1", identifiers: ["urn:isbn:1", "urn:uuid:00000000-0000-0000-0000-000000000001"]),
                       [UInt8](repeating: 0, count: 15) + [1], "the first identifier that is a UUID")
    }

    func testDeobfuscationXORsOnlyTheLeadingBytes() {
        let font = (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let key: [UInt8] = (1...20).map { UInt8($0) }
        for (algorithm, count) in [(FontObfuscation.idpf, 1040), (.adobe, 1024)] {
            let obfuscated = algorithm.deobfuscated(font, key: key)
            XCTAssertEqual(obfuscated.count, font.count)
            XCTAssertEqual(obfuscated[0], font[0] ^ 1)
            XCTAssertEqual(obfuscated[21], font[21] ^ 2, "the key repeats every \(key.count) bytes")
            XCTAssertEqual(obfuscated[count - 1], font[count - 1] ^ key[(count - 1) % 20])
            XCTAssertEqual(Array(obfuscated[count...]), Array(font[count...]), "\(algorithm): nothing past \(count) bytes")
            XCTAssertEqual(algorithm.deobfuscated(obfuscated, key: key), font, "the same XOR undoes it")
        }
        XCTAssertEqual(FontObfuscation.idpf.deobfuscated([1, 2, 3], key: key), [0, 0, 0], "a font shorter than the span")
    }

    /// A book with an IDPF-obfuscated and an Adobe-obfuscated font: the package gives them
    /// back as they were.
    func testABooksObfuscatedFontsComeBackWhole() throws {
        let identifier = "urn:uuid:0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0"
        let font = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
        let idpfFont = FontObfuscation.idpf.deobfuscated(font, key: FontObfuscation.idpfKey(identifier))
        let adobeFont = FontObfuscation.adobe.deobfuscated(font, key: FontObfuscation.adobeKey(identifier)!)
        let encryption = TestBooks.fontEncryption(idpf: "OEBPS/fonts/idpf.otf", adobe: "OEBPS/fonts/adobe.otf")
        let path = try TestBooks.write(TestBooks.minimal(
            metadata: TestBooks.metadata(identifier: identifier),
            extra: [encryption, ArchiveEntry("OEBPS/fonts/idpf.otf", bytes: idpfFont), ArchiveEntry("OEBPS/fonts/adobe.otf", bytes: adobeFont),
                    ArchiveEntry("OEBPS/fonts/plain.otf", bytes: font)],
            manifestExtra: """
                <item id="f1" href="fonts/idpf.otf" media-type="font/otf"/>
                <item id="f2" href="fonts/adobe.otf" media-type="font/otf"/>
                """), self)
        let archive = try ZipArchive(path: path)
        let package = try EPUBPackage(archive: archive)
        XCTAssertEqual(package.uniqueIdentifier, identifier)
        for name in ["OEBPS/fonts/idpf.otf", "OEBPS/fonts/adobe.otf", "OEBPS/fonts/plain.otf"] {
            let stored = try archive.data(ofEntry: name, maximumBytes: 1 << 20)
            XCTAssertEqual(package.deobfuscated(stored, ofEntry: name), font, name)
        }
        XCTAssertNotEqual(try archive.data(ofEntry: "OEBPS/fonts/idpf.otf", maximumBytes: 1 << 20), font)
    }

    private func sha1sum(_ bytes: [UInt8]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha1sum")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}
