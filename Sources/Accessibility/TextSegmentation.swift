import CPangoCairo

/// Where characters, words, sentences and lines of a text begin, by Unicode's segmentation
/// rules as pango implements them (UAX #29 words and sentences, UAX #14 mandatory breaks).
/// Offsets count characters as ATK does: Unicode scalars.
struct TextSegmentation {
    /// One entry per character plus one for the end of the text.
    private let attributes: [PangoLogAttr]
    var characterCount: Int { attributes.count - 1 }

    init(_ text: String) {
        let count = text.unicodeScalars.count
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: count + 1)
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                attributes.withUnsafeMutableBufferPointer { buffer in
                    pango_get_log_attrs(characters.baseAddress, Int32(characters.count), -1,
                                        pango_language_get_default(), buffer.baseAddress, Int32(buffer.count))
                }
            }
        }
        self.attributes = attributes
    }

    /// The unit that holds `offset`, as ATK defines granularities: from its start to the start
    /// of the next unit (so a word keeps the space after it), or to the end of the text.
    /// Lines are the layout's when `lineStarts` gives where they start, otherwise they end only
    /// at line breaks in the text.
    func range(of granularity: Granularity, at offset: Int, lineStarts: [Int]? = nil) -> Range<Int> {
        let count = characterCount
        let offset = max(offset, 0)
        // Past the end there is nothing to read.
        guard offset < count else { return count..<count }
        switch granularity {
        case .character:
            return offset..<min(offset + 1, count)
        case .paragraph:
            // Each block is one paragraph.
            return 0..<count
        case .line where lineStarts != nil:
            let starts = lineStarts ?? []
            let start = starts.last { $0 <= offset } ?? 0
            let end = starts.first { $0 > offset } ?? count
            return start..<end
        default:
            let isStart: (PangoLogAttr) -> Bool = switch granularity {
            case .word: { $0.is_word_start != 0 }
            case .sentence: { $0.is_sentence_start != 0 }
            default: { $0.is_mandatory_break != 0 }
            }
            var start = offset
            while start > 0 && !isStart(attributes[start]) { start -= 1 }
            var end = offset + 1
            while end < count && !isStart(attributes[end]) { end += 1 }
            return start..<min(end, count)
        }
    }

    /// ATK's text granularities (AtkTextGranularity), in its order.
    enum Granularity: Int32 {
        case character = 0, word, sentence, line, paragraph
    }
}
