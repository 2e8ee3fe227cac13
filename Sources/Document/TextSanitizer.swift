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
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x300, isExtending(scalar) {
                run += 1
                if run > maximumNonStarters { continue }
            } else {
                run = 0
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
