/// Makes text from a document safe to shape: invalid UTF-8 and NUL become U+FFFD (pango takes
/// NUL as the end of the text), and no character carries more than
/// `maximumNonStarters` combining marks.
///
/// Pango shapes a base character with all its combining marks as one cluster, so one `e`
/// followed by 500,000 U+0300 is a single glyph cluster that takes seconds to shape and
/// stalls frames. Unicode's Stream-Safe Text Format (UAX #15, section 13) bounds a run of
/// non-starters at 30: no real text needs more. Marks past the limit are left out.
public enum TextSanitizer {
    /// UAX #15's stream-safe limit on consecutive non-starters.
    public static let maximumNonStarters = 30

    /// `bytes` decoded as UTF-8 and sanitised.
    public static func decoded<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let bytes = Array(bytes)[leadingMarkRunEnd(bytes)...]
        let text: String
        if bytes.contains(0) {
            var cleaned: [UInt8] = []
            cleaned.reserveCapacity(bytes.count)
            for byte in bytes {
                if byte == 0 { cleaned.append(contentsOf: [0xEF, 0xBF, 0xBD]) } else { cleaned.append(byte) }
            }
            text = String(decoding: cleaned, as: UTF8.self)
        } else {
            text = String(decoding: bytes, as: UTF8.self)
        }
        return boundingCombiningSequences(text)
    }

    /// Where an overlong leading run of Combining Diacritical Marks (U+0300–U+036F, two bytes
    /// each: `CC 80`–`CD AF`) ends, or 0 when the bytes do not start with one: found on the
    /// bytes, so a section of a file that is all marks costs no decoding
    /// (`boundingCombiningSequences` would leave none of them anyway).
    private static func leadingMarkRunEnd<Bytes: Collection>(_ bytes: Bytes) -> Int where Bytes.Element == UInt8 {
        var marks = 0
        var iterator = bytes.makeIterator()
        while let lead = iterator.next() {
            guard lead == 0xCC || lead == 0xCD, let trail = iterator.next(), trail & 0xC0 == 0x80,
                  lead == 0xCC || trail <= 0xAF else { break }
            marks += 1
        }
        return marks > maximumNonStarters ? 2 * marks : 0
    }

    /// `text` with every run of non-starters (and other grapheme extenders) cut to
    /// `maximumNonStarters`; `text` itself when no run is that long, which is the common case
    /// and costs one pass over its scalars.
    public static func boundingCombiningSequences(_ text: String) -> String {
        var run = 0
        var needsCut = false
        for scalar in text.unicodeScalars {
            guard scalar.value >= 0x300 else { run = 0; continue }
            if isExtending(scalar) {
                run += 1
                if run > maximumNonStarters { needsCut = true; break }
            } else {
                run = 0
            }
        }
        guard needsCut else { return text }
        var scalars = String.UnicodeScalarView()
        run = 0
        // A run at the very start has no base here: it continues a run cut off before this
        // text (a section of a file starts mid-run). If it is too long, it is the overlong tail
        // of a character already shown, and none of it is kept.
        var isLeadingRun = true
        var leadingRunIsTooLong = false
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x300, isExtending(scalar) {
                run += 1
                if isLeadingRun, run > maximumNonStarters, !leadingRunIsTooLong {
                    leadingRunIsTooLong = true
                    scalars.removeAll()
                }
                if run > maximumNonStarters { continue }
            } else {
                run = 0
                isLeadingRun = false
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Whether `scalar` attaches to the character before it: a non-starter (canonical combining
    /// class other than 0) or a grapheme extender (variation selectors, ZWJ, enclosing marks).
    private static func isExtending(_ scalar: Unicode.Scalar) -> Bool {
        // Combining Diacritical Marks (U+0300–U+036F) all extend: the common case, answered
        // without the property tables, which cost about a microsecond a lookup.
        if (0x300...0x36F).contains(scalar.value) { return true }
        // Latin, Greek and Cyrillic letters and punctuation up to U+0482 are starters.
        if scalar.value < 0x483 { return false }
        return scalar.properties.canonicalCombiningClass.rawValue != 0 || scalar.properties.isGraphemeExtend
            || scalar.value == 0x200D
    }
}
