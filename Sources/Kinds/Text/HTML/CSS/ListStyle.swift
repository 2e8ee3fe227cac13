/// CSS's `list-style-type`, the markers a book's lists may ask for.
enum ListStyle: Equatable {
    case decimal, lowerAlpha, upperAlpha, lowerRoman, upperRoman, disc, circle, square, none

    init?(keyword: String) {
        switch keyword {
        case "decimal": self = .decimal
        case "lower-alpha", "lower-latin": self = .lowerAlpha
        case "upper-alpha", "upper-latin": self = .upperAlpha
        case "lower-roman": self = .lowerRoman
        case "upper-roman": self = .upperRoman
        case "disc": self = .disc
        case "circle": self = .circle
        case "square": self = .square
        case "none": self = .none
        default: return nil
        }
    }

    /// The marker item `number` starts with (with its space), or nil for `none`. Bullets
    /// are U+2022, U+25E6 and U+25AA, which DejaVu Sans draws at text size. A number the
    /// letters or numerals cannot write (0, negative, or past 3,999 in Roman numerals, as
    /// CSS Counter Styles 3 says) falls back to decimal.
    func marker(_ number: Int) -> String? {
        switch self {
        case .none: return nil
        case .disc: return "• "
        case .circle: return "◦ "
        case .square: return "▪ "
        case .decimal: return "\(number). "
        case .lowerAlpha, .upperAlpha:
            guard number > 0 else { return "\(number). " }
            var letters = "", rest = number
            while rest > 0 {
                rest -= 1
                letters = String(UnicodeScalar(UInt8(97 + rest % 26))) + letters
                rest /= 26
            }
            return (self == .upperAlpha ? letters.uppercased() : letters) + ". "
        case .lowerRoman, .upperRoman:
            guard (1...3999).contains(number) else { return "\(number). " }
            let numerals = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                            (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
            var text = "", rest = number
            for (value, numeral) in numerals {
                while rest >= value {
                    text += numeral
                    rest -= value
                }
            }
            return (self == .upperRoman ? text.uppercased() : text) + ". "
        }
    }
}
