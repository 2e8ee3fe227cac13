import XCTest
@testable import Machinery

/// Names in messages: one line, shown as they are.
final class OneLineTextTests: XCTestCase {
    func testControlCharactersAreEscapedAsCWritesThem() {
        XCTAssertEqual(OneLineText.escaping("a\nb\tc\rd\u{1B}[31me\u{7F}\u{85}\u{2028}"),
                       "a\\nb\\tc\\rd\\x1B[31me\\x7F\\x85\\u{2028}")
        XCTAssertEqual(OneLineText.escaping("Привет, 世界 🙂"), "Привет, 世界 🙂")
    }

    func testBytesThatAreNotUTF8ShowAsHex() {
        XCTAssertEqual(OneLineText.escaping(bytes: Array("bad".utf8) + [0xFF] + Array(".txt".utf8)), "bad\\xFF.txt")
        // A lead byte without its continuation, an overlong form, then valid text.
        XCTAssertEqual(OneLineText.escaping(bytes: [0xC3, 0x41, 0xC0, 0xAF] + Array("é\n".utf8)), "\\xC3A\\xC0\\xAFé\\n")
    }
}
