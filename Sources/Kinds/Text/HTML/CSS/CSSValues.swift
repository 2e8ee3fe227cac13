/// How the values of the subset's properties are read from their tokens.
enum CSSValues {
    /// The URLs a value names, in order: `url(x)` and `url("x")`.
    static func urls(_ value: [CSSToken]) -> [String] {
        var urls: [String] = []
        for (index, token) in value.enumerated() {
            switch token {
            case .url(let url):
                urls.append(url)
            case .function(let name) where name.lowercased() == "url":
                if case .string(let url) = value[(index + 1)...].first(where: { $0 != .whitespace }) { urls.append(url) }
            default:
                break
            }
        }
        return urls
    }

    /// The family names of a `font-family` value, in order: a string, or identifiers joined
    /// by single spaces (CSS Fonts 4, §2.1).
    static func familyNames(_ value: [CSSToken]) -> [String] {
        value.split(separator: .comma).compactMap { part -> String? in
            let words = part.filter { $0 != .whitespace }
            if words.count == 1, case .string(let name) = words[0] { return name }
            let names = words.compactMap { token -> String? in
                if case .ident(let name) = token { return name }
                return nil
            }
            return names.count == words.count && !names.isEmpty ? names.joined(separator: " ") : nil
        }
    }

    /// How many ems of the element's font a length is, for margins and indents: em (rem
    /// taken the same: Glide's body size is the root's), ex and ch as half an em (CSS Values
    /// 4's fallback when a font's are not known), and absolute units against CSS's default
    /// font size, 16 px = 12 pt = 1 em (what a book's author saw them next to); 0 without a
    /// unit. Nil for a percentage (of the column's width, which Glide keeps its own), `auto`
    /// and anything else.
    static func ems(_ token: CSSToken) -> Double? {
        switch token {
        case .number(let value):
            return value == 0 ? 0 : nil
        case .dimension(let value, let unit):
            let perEm: Double
            switch unit.lowercased() {
            case "em", "rem": perEm = 1
            case "ex", "ch": perEm = 2
            case "px": perEm = 16
            case "pt": perEm = 12
            case "pc": perEm = 1
            case "in": perEm = 1.0 / 6
            case "cm": perEm = 2.54 / 6
            case "mm": perEm = 25.4 / 6
            case "q": perEm = 101.6 / 6
            default: return nil
            }
            return value / perEm
        default:
            return nil
        }
    }

    /// A relative `font-size` as a factor: of the parent's size (`em`, `ex`, `%`,
    /// `smaller`, `larger`), or of Glide's size for the block (`rem` and the absolute
    /// keywords, whose `medium` is Glide's size); nil for absolute lengths, which Glide
    /// leaves to its own typography.
    static func fontSize(_ value: [CSSToken], parentScale: Double) -> Double? {
        let words = value.filter { $0 != .whitespace }
        guard words.count == 1 else { return nil }
        switch words[0] {
        case .dimension(let size, let unit):
            switch unit.lowercased() {
            case "em": return parentScale * size
            case "ex": return parentScale * size / 2
            case "rem": return size
            default: return nil
            }
        case .percentage(let size):
            return parentScale * size / 100
        case .ident(let keyword):
            // CSS Fonts 4, §2.5: the absolute keywords' factors against `medium`; `larger`
            // and `smaller` as 1.2, the ratio browsers step by.
            switch keyword.lowercased() {
            case "xx-small": return 3.0 / 5
            case "x-small": return 3.0 / 4
            case "small": return 8.0 / 9
            case "medium": return 1
            case "large": return 6.0 / 5
            case "x-large": return 3.0 / 2
            case "xx-large": return 2
            case "xxx-large": return 3
            case "larger": return parentScale * 1.2
            case "smaller": return parentScale / 1.2
            default: return nil
            }
        default:
            return nil
        }
    }
}
