import DocumentKit
import PageKit

/// One DjVu page's hidden text (its `TXTz`/`TXTa` layer, read with
/// `ddjvu_document_get_pagetext` as nested zones: page, column, region, para, line, word,
/// char, each with its box) and where each of its characters is drawn, in page points from
/// the page's top-left. Words of a line are apart by a space, lines by a line break; a
/// word's box is shared among its characters in equal parts (DjVu keeps boxes per word, or
/// per character when the file has char zones). Positions are UTF-8 offsets, so a
/// `TextPosition` is (page, 0, offset) and search, selection and copy agree, as a PDF's
/// (`PageText`).
public typealias DjVuPageText = PageText

extension PageText {
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
                if let previous, let separator = PageText.separator(after: previous), text.last != separator {
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
}
