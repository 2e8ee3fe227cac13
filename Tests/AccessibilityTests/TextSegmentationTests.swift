@testable import Accessibility
import XCTest

final class TextSegmentationTests: XCTestCase {
    private let text = "Glide reads aloud. It moves on! Очень хорошо."

    private func units(_ granularity: TextSegmentation.Granularity, lineStarts: [Int]? = nil) -> [String] {
        let segmentation = TextSegmentation(text)
        let scalars = Array(text.unicodeScalars)
        var found: [String] = [], offset = 0
        while offset < segmentation.characterCount {
            let range = segmentation.range(of: granularity, at: offset, lineStarts: lineStarts)
            var unit = String.UnicodeScalarView()
            unit.append(contentsOf: scalars[range])
            found.append(String(unit))
            offset = range.upperBound
        }
        return found
    }

    func testWordsRunFromOneWordStartToTheNextAndKeepTheirSpace() {
        XCTAssertEqual(units(.word), ["Glide ", "reads ", "aloud. ", "It ", "moves ", "on! ", "Очень ", "хорошо."])
    }

    func testSentencesFollowUnicodeSentenceBoundaries() {
        XCTAssertEqual(units(.sentence), ["Glide reads aloud. ", "It moves on! ", "Очень хорошо."])
    }

    func testLinesAreTheLayoutsWhenKnownAndOtherwiseEndAtLineBreaks() {
        XCTAssertEqual(units(.line, lineStarts: [0, 19, 32]), ["Glide reads aloud. ", "It moves on! ", "Очень хорошо."])
        XCTAssertEqual(units(.line), [text])
        let code = TextSegmentation("let a = 1\nlet b = 2")
        XCTAssertEqual(code.range(of: .line, at: 3), 0..<10)
        XCTAssertEqual(code.range(of: .line, at: 12), 10..<19)
    }

    func testCharactersCountUnicodeScalarsAndOffsetsAreClamped() {
        let segmentation = TextSegmentation(text)
        XCTAssertEqual(segmentation.characterCount, text.unicodeScalars.count)
        XCTAssertEqual(segmentation.range(of: .character, at: 33), 33..<34)
        XCTAssertEqual(segmentation.range(of: .word, at: 1000), segmentation.characterCount..<segmentation.characterCount)
        XCTAssertEqual(segmentation.range(of: .paragraph, at: 5), 0..<segmentation.characterCount)
    }
}
