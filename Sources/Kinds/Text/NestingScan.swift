import DocumentKit

/// A quick look at how deeply Markdown nests, before handing it to cmark-gfm.
///
/// cmark-gfm is linear in its input, but nesting costs it far more per byte than prose: 100,000
/// nested images (600 KB) take it about 130 ms, 25 times what 600 KB of ordinary Markdown takes.
/// Text nested that deeply is parsed a section at a time instead (as large files are), so the
/// time to the first frame stays that of one section whatever the nesting. One pass over the
/// bytes, about 1 ns each.
enum NestingScan {
    /// Nesting deeper than this takes the section-at-a-time path: four times the deepest the
    /// walk shows (`MarkdownParser.maximumNestingDepth`), far beyond any real document.
    static let wholeParseDepthLimit = 4 * MarkdownParser.maximumNestingDepth

    /// Whether `bytes` open more brackets (links, images) than they close within a paragraph,
    /// or start a line with more quote markers, than `wholeParseDepthLimit` at any point.
    static func isDeeplyNested(_ bytes: [UInt8]) -> Bool {
        var brackets = 0
        var quotes = 0
        var atLineStart = true
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "[") where previous != UInt8(ascii: "\\"):
                brackets += 1
                if brackets > wholeParseDepthLimit { return true }
            case UInt8(ascii: "]") where previous != UInt8(ascii: "\\"):
                brackets = max(0, brackets - 1)
            case UInt8(ascii: ">") where atLineStart:
                quotes += 1
                if quotes > wholeParseDepthLimit { return true }
            case 0x0A:
                quotes = 0
                // Brackets span the lines of a paragraph; a blank line ends it.
                if atLineStart { brackets = 0 }
            default:
                break
            }
            if byte == 0x0A {
                atLineStart = true
            } else if byte != 0x20, byte != 0x09, byte != UInt8(ascii: ">") {
                atLineStart = false
            }
            previous = byte
        }
        return false
    }
}
