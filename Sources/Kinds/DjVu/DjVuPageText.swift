import DocumentKit

/// One DjVu page's hidden text (its `TXTz`/`TXTa` layer, read with
/// `ddjvu_document_get_pagetext` as nested zones: page, column, region, para, line, word,
/// char, each with its box) and where each of its characters is drawn, in page points from
/// the page's top-left. Words of a line are apart by a space, lines by a line break; a
/// word's box is shared among its characters in equal parts (DjVu keeps boxes per word, or
/// per character when the file has char zones). Positions are UTF-8 offsets, so a
/// `TextPosition` is (page, 0, offset) and search, selection and copy agree, as a PDF's.
public struct DjVuPageText: Sendable {
    public let text: String
    /// Where each character starts in `text`, in UTF-8 bytes, plus the text's length.
    let characterOffsets: [Int32]
    /// Each character's rectangle in page points; a separator Glide put in has none (zero size).
    let rects: [ContentRect]

    init(text: String, rects: [ContentRect]) {
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
        let count = offsets.count - 1
        self.rects = rects.count >= count
            ? Array(rects.prefix(count))
            : rects + Array(repeating: ContentRect(x: 0, y: 0, width: 0, height: 0), count: count - rects.count)
    }

    /// The text of `zones` (the page's expression) on a page of `size`.
    init(zones: DjVuExpression, size: DjVuPageSize) {
        var builder = Builder(pageHeightPixels: Double(size.heightPixels), pointsPerPixel: 72 / size.resolution)
        builder.add(zones)
        self.init(text: builder.text, rects: builder.rects)
    }

    /// The page's text alone, for search (what `init(zones:size:)` gives as `text`).
    static func plainText(of zones: DjVuExpression) -> String {
        var builder = Builder(pageHeightPixels: 0, pointsPerPixel: 0)
        builder.add(zones)
        return builder.text
    }

    /// Walks the zones: a zone's children are zones or one string (the leaf's text).
    private struct Builder {
        let pageHeightPixels: Double
        let pointsPerPixel: Double
        var text = ""
        var rects: [ContentRect] = []

        mutating func add(_ zone: DjVuExpression) {
            let items = zone.items
            guard items.count >= 5, items[0].symbolName != nil else { return }
            let box = items[1...4].compactMap(\.numberValue)
            guard box.count == 4 else { return }
            let rest = items.dropFirst(5)
            if rest.count == 1, let string = rest.first?.stringValue {
                append(string, in: box)
                return
            }
            var previous: String?
            for child in rest {
                guard let childKind = child.items.first?.symbolName else { continue }
                if let previous, let separator = DjVuPageText.separator(after: previous), text.last != separator {
                    appendSeparator(separator)
                }
                let before = text.unicodeScalars.count
                add(child)
                if text.unicodeScalars.count > before { previous = childKind }
            }
        }

        private mutating func append(_ string: String, in box: [Double]) {
            let scalars = string.unicodeScalars.filter { !$0.properties.isWhitespace || $0 == " " }
            guard !scalars.isEmpty else { return }
            let left = min(box[0], box[2]), right = max(box[0], box[2])
            let bottom = min(box[1], box[3]), top = max(box[1], box[3])
            let share = (right - left) / Double(scalars.count)
            for (index, scalar) in scalars.enumerated() {
                text.unicodeScalars.append(scalar)
                rects.append(ContentRect(x: (left + share * Double(index)) * pointsPerPixel,
                                         y: (pageHeightPixels - top) * pointsPerPixel,
                                         width: share * pointsPerPixel, height: (top - bottom) * pointsPerPixel))
            }
        }

        private mutating func appendSeparator(_ separator: Character) {
            text.append(separator)
            rects.append(ContentRect(x: 0, y: 0, width: 0, height: 0))
        }
    }

    /// What comes between a zone of `kind` and the next: nothing after a character, a space
    /// after a word, a line break after a line or anything larger.
    static func separator(after kind: String) -> Character? {
        switch kind {
        case "char": nil
        case "word": " "
        default: "\n"
        }
    }

    var characterCount: Int { characterOffsets.count - 1 }

    /// Where each line starts, as character offsets.
    public var lineStartCharacters: [Int] {
        var starts = [0]
        for (index, scalar) in text.unicodeScalars.enumerated() where scalar == "\n" && index + 1 < characterCount {
            starts.append(index + 1)
        }
        return starts
    }

    var utf8Count: Int { Int(characterOffsets[characterOffsets.count - 1]) }

    /// The character that starts at or contains UTF-8 offset `offset` (`characterCount` at the end).
    func character(atUTF8Offset offset: Int) -> Int {
        let index = characterOffsets.partitioningIndex { Int($0) > offset }
        return max(index - 1, 0)
    }

    func utf8Offset(ofCharacter index: Int) -> Int { Int(characterOffsets[min(max(index, 0), characterCount)]) }

    func scalar(_ index: Int) -> Unicode.Scalar {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: Int(characterOffsets[index]))
        return text.unicodeScalars[start]
    }

    /// Whether character `index` is drawn (a separator Glide put in has no area).
    func isDrawn(_ index: Int) -> Bool { rects[index].width > 0 && rects[index].height > 0 }
}
