import CPoppler
import DocumentKit

/// One PDF page's text as poppler reads it (`poppler_page_get_text`: lines in reading order,
/// apart by a line break) and where each of its characters is drawn
/// (`poppler_page_get_text_layout`: one rectangle per character of that same text, in PDF
/// points from the page's top-left). Positions in a page's text are UTF-8 offsets, so a
/// `TextPosition` of a PDF is (page, 0, offset) and search, selection and copy agree.
public struct PDFPageText: Sendable {
    /// The page's text, UTF-8 (poppler's invalid bytes repaired as U+FFFD).
    public let text: String
    /// Where each character starts in `text`, in UTF-8 bytes, plus the text's length.
    let characterOffsets: [Int32]
    /// Each character's rectangle in PDF points (x, y from the top-left, width, height); a
    /// character poppler gave no rectangle for has none (zero size).
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
        // Poppler makes both from one word list; should a version ever disagree, characters
        // past the shorter list have no rectangle rather than another's.
        let count = offsets.count - 1
        self.rects = rects.count >= count
            ? Array(rects.prefix(count))
            : rects + Array(repeating: ContentRect(x: 0, y: 0, width: 0, height: 0), count: count - rects.count)
    }

    /// How many characters (Unicode scalars) the text has.
    var characterCount: Int { characterOffsets.count - 1 }

    /// Where each line starts, as character offsets: poppler puts a line break between lines.
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

    /// The scalar at character `index`.
    func scalar(_ index: Int) -> Unicode.Scalar {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: Int(characterOffsets[index]))
        return text.unicodeScalars[start]
    }

    /// Whether character `index` was drawn (a line break or a space poppler inserted has no
    /// area of its own).
    func isDrawn(_ index: Int) -> Bool { rects[index].width > 0 && rects[index].height > 0 }

    /// Reads page `index` of `document`; nil when poppler has no such page or cannot read it. The caller's
    /// thread must be the only one using `document`.
    static func read(page index: Int, of document: PopplerDocumentHandle) -> PDFPageText? {
        document.withPage(index, read)
    }

    /// The text alone, for search (no rectangles): what `read` gives as `text`.
    static func readText(page index: Int, of document: PopplerDocumentHandle) -> String? {
        document.withPage(index, text(of:))
    }

    private static func text(of page: OpaquePointer) -> String {
        guard let raw = poppler_page_get_text(page) else { return "" }
        defer { g_free(raw) }
        return String(decoding: UnsafeRawBufferPointer(start: raw, count: strlen(raw)), as: UTF8.self)
    }

    private static func read(_ page: OpaquePointer) -> PDFPageText {
        let text = text(of: page)
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        var rects: [ContentRect] = []
        if poppler_page_get_text_layout(page, &rectangles, &count) != 0, let rectangles {
            rects.reserveCapacity(Int(count))
            for index in 0..<Int(count) {
                let r = rectangles[index]
                rects.append(ContentRect(x: min(r.x1, r.x2), y: min(r.y1, r.y2), width: abs(r.x2 - r.x1),
                                         height: abs(r.y2 - r.y1)))
            }
            g_free(rectangles)
        }
        return PDFPageText(text: text, rects: rects)
    }
}
