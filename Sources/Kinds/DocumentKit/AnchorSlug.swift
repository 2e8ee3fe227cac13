/// The anchors `#fragment` links name: the one rule a tap on a link and a screen reader's jump
/// both follow, so they never disagree on where a link leads.
public enum AnchorSlug {
    /// The GitHub-style anchor of a heading (what `[see](#how-to-move)` in a README points at):
    /// lower case; letters with their marks, digits, `-` and `_` kept; spaces as hyphens;
    /// everything else dropped, as GitHub's slugger does.
    public static func slug(ofHeading text: String) -> String {
        var slug = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                        || isMark(scalar) {
                slug.unicodeScalars.append(scalar)
            }
        }
        return slug
    }

    /// A link's fragment as it is compared with slugs: its `%XX` escapes decoded (a browser's
    /// address bar writes `#%D0%B3…` for Cyrillic), in lower case.
    public static func normalised(fragment: String) -> String {
        (percentDecoded(fragment) ?? fragment).lowercased()
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// `text` with its `%XX` escapes decoded as UTF-8, or nil when an escape is malformed or
    /// the bytes are not UTF-8 (what Foundation's `removingPercentEncoding` does).
    public static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var rest = Substring(text).utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
