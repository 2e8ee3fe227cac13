import DocumentKit

/// One page's text, lines in reading order apart by a line break, and where each of its
/// characters is drawn (one rectangle per character of that same text, in page points from
/// the page's top-left), as a paged kind reads it (`PDFPageText`, `DjVuPageText`). Positions
/// in a page's text are UTF-8 offsets, so a `TextPosition` of a page is (page, 0, offset) and
/// search, selection and copy agree.
public struct PageText: Sendable {
    /// The page's text, UTF-8 (invalid bytes repaired as U+FFFD).
    public let text: String
    /// Where each character starts in `text`, in UTF-8 bytes, plus the text's length.
    public let characterOffsets: [Int32]
    /// Each character's rectangle in page points (x, y from the top-left, width, height); a
    /// character the file gave no rectangle for, or a separator put in, has none (zero size).
    public let rects: [ContentRect]

    public init(text: String, rects: [ContentRect]) {
        self.text = text
        var offsets: [Int32] = []
        offsets.reserveCapacity(rects.count + 1)
        var offset: Int32 = 0
        for scalar in text.unicodeScalars {
            offsets.append(offset)
            offset += Int32(UTF8.width(scalar))
        }
        offsets.append(offset)
        characterOffsets = offsets
        // A kind makes both from one word list; should they ever disagree, characters past
        // the shorter list have no rectangle rather than another's.
        let count = offsets.count - 1
        self.rects = rects.count >= count
            ? Array(rects.prefix(count))
            : rects + Array(repeating: ContentRect(x: 0, y: 0, width: 0, height: 0), count: count - rects.count)
    }

    /// How many characters (Unicode scalars) the text has.
    public var characterCount: Int { characterOffsets.count - 1 }

    /// Where each line starts, as character offsets: a line break is between lines.
    public var lineStartCharacters: [Int] {
        var starts = [0]
        for (index, scalar) in text.unicodeScalars.enumerated() where scalar == "\n" && index + 1 < characterCount {
            starts.append(index + 1)
        }
        return starts
    }

    public var utf8Count: Int { Int(characterOffsets[characterOffsets.count - 1]) }

    /// The character that starts at or contains UTF-8 offset `offset` (`characterCount` at the end).
    public func character(atUTF8Offset offset: Int) -> Int {
        let index = characterOffsets.partitioningIndex { Int($0) > offset }
        return max(index - 1, 0)
    }

    public func utf8Offset(ofCharacter index: Int) -> Int { Int(characterOffsets[min(max(index, 0), characterCount)]) }

    /// The scalar at character `index`.
    public func scalar(_ index: Int) -> Unicode.Scalar {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: Int(characterOffsets[index]))
        return text.unicodeScalars[start]
    }

    /// Whether character `index` was drawn (a line break or a space put in between words or
    /// lines has no area of its own).
    public func isDrawn(_ index: Int) -> Bool { rects[index].width > 0 && rects[index].height > 0 }
}
