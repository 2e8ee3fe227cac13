/// CSS Syntax Level 3's tokenizer (§3.3 preprocessing, §4 tokenization), for the style sheets
/// and `style` attributes of books: comments, strings, escapes, numbers, dimensions, `url()`
/// and the rest, every parse error recovered as the specification says (a bad string ends at
/// its line, a bad URL at its `)`, a lone `\` is a delimiter). It runs in one pass over the
/// text with no recursion, so its time and stack are linear in the input, which
/// `CSSStyleSheet.maximumBytes` bounds.
struct CSSTokenizer {
    private var scalars: [Unicode.Scalar]
    private var index = 0

    /// The tokens of `text`, whitespace tokens included (the parser needs them between a
    /// selector's compounds).
    static func tokens(of text: String) -> [CSSToken] {
        var tokenizer = CSSTokenizer(text)
        var tokens: [CSSToken] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    /// §3.3: CR LF, CR and form feed become LF; NUL and surrogates (which a Swift string
    /// cannot hold) become U+FFFD.
    init(_ text: String) {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": scalars.append("\n")
            case "\n" where previousWasCR: break
            case "\u{0C}": scalars.append("\n")
            case "\0": scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        self.scalars = scalars
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let at = index + offset
        return at < scalars.count ? scalars[at] : nil
    }

    /// The next token; nil at the end of the input.
    mutating func next() -> CSSToken? {
        consumeComments()
        guard let scalar = peek() else { return nil }
        index += 1
        switch scalar {
        case _ where CSSTokenizer.isWhitespace(scalar):
            while let next = peek(), CSSTokenizer.isWhitespace(next) { index += 1 }
            return .whitespace
        case "\"", "'":
            return consumeString(endingWith: scalar)
        case "#":
            if let next = peek(), CSSTokenizer.isNameCodePoint(next) || CSSTokenizer.isValidEscape(next, peek(1)) {
                let isID = startsIdentifier(at: index)
                return .hash(consumeName(), isID: isID)
            }
            return .delim(scalar)
        case "(": return .openParenthesis
        case ")": return .closeParenthesis
        case "+", ".":
            if startsNumber(at: index - 1) {
                index -= 1
                return consumeNumeric()
            }
            return .delim(scalar)
        case ",": return .comma
        case "-":
            if startsNumber(at: index - 1) {
                index -= 1
                return consumeNumeric()
            }
            if peek() == "-", peek(1) == ">" {
                index += 2
                return .cdc
            }
            if startsIdentifier(at: index - 1) {
                index -= 1
                return consumeIdentLike()
            }
            return .delim(scalar)
        case ":": return .colon
        case ";": return .semicolon
        case "<":
            if peek() == "!", peek(1) == "-", peek(2) == "-" {
                index += 3
                return .cdo
            }
            return .delim(scalar)
        case "@":
            if startsIdentifier(at: index) { return .atKeyword(consumeName()) }
            return .delim(scalar)
        case "[": return .openSquare
        case "\\":
            if CSSTokenizer.isValidEscape(scalar, peek()) {
                index -= 1
                return consumeIdentLike()
            }
            // A parse error: the backslash stands for itself.
            return .delim(scalar)
        case "]": return .closeSquare
        case "{": return .openCurly
        case "}": return .closeCurly
        case _ where CSSTokenizer.isDigit(scalar):
            index -= 1
            return consumeNumeric()
        case _ where CSSTokenizer.isNameStart(scalar):
            index -= 1
            return consumeIdentLike()
        default:
            return .delim(scalar)
        }
    }

    /// §4.3.2: `/* … */`, any number of them; an unclosed one runs to the end.
    private mutating func consumeComments() {
        while peek() == "/", peek(1) == "*" {
            index += 2
            while index < scalars.count, !(scalars[index] == "*" && peek(1) == "/") { index += 1 }
            index = min(index + 2, scalars.count)
        }
    }

    /// §4.3.5: a string; a newline inside makes it a bad string, left for the next token.
    private mutating func consumeString(endingWith quote: Unicode.Scalar) -> CSSToken {
        var value = String.UnicodeScalarView()
        while let scalar = peek() {
            if scalar == quote {
                index += 1
                return .string(String(value))
            }
            if scalar == "\n" { return .badString }
            index += 1
            if scalar == "\\" {
                guard let next = peek() else { continue }
                if next == "\n" {
                    index += 1
                } else {
                    value.append(consumeEscape())
                }
                continue
            }
            value.append(scalar)
        }
        // The end of the input closes the string (a parse error, recovered).
        return .string(String(value))
    }

    /// §4.3.7: the code point after a backslash already consumed.
    private mutating func consumeEscape() -> Unicode.Scalar {
        guard let first = peek() else { return "\u{FFFD}" }
        index += 1
        guard first.properties.isASCIIHexDigit else { return first }
        var value = UInt32(first.value <= 0x39 ? first.value - 0x30 : (first.value | 0x20) - 0x57)
        var digits = 1
        while digits < 6, let next = peek(), next.properties.isASCIIHexDigit {
            value = value * 16 + (next.value <= 0x39 ? next.value - 0x30 : (next.value | 0x20) - 0x57)
            digits += 1
            index += 1
        }
        if let next = peek(), CSSTokenizer.isWhitespace(next) { index += 1 }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    /// §4.3.11: an identifier's code points and escapes.
    private mutating func consumeName() -> String {
        var name = String.UnicodeScalarView()
        while let scalar = peek() {
            if CSSTokenizer.isNameCodePoint(scalar) {
                name.append(scalar)
                index += 1
            } else if CSSTokenizer.isValidEscape(scalar, peek(1)) {
                index += 1
                name.append(consumeEscape())
            } else {
                break
            }
        }
        return String(name)
    }

    /// §4.3.4: an identifier, a function, or `url(` with an unquoted URL.
    private mutating func consumeIdentLike() -> CSSToken {
        let name = consumeName()
        guard peek() == "(" else { return .ident(name) }
        index += 1
        guard name.lowercased() == "url" else { return .function(name) }
        while let first = peek(), CSSTokenizer.isWhitespace(first), let second = peek(1), CSSTokenizer.isWhitespace(second) {
            index += 1
        }
        let next = peek().flatMap { CSSTokenizer.isWhitespace($0) ? peek(1) : $0 }
        if next == "\"" || next == "'" { return .function(name) }
        return consumeURL()
    }

    /// §4.3.6: an unquoted URL after `url(`.
    private mutating func consumeURL() -> CSSToken {
        var value = String.UnicodeScalarView()
        while let scalar = peek(), CSSTokenizer.isWhitespace(scalar) { index += 1 }
        while let scalar = peek() {
            index += 1
            switch scalar {
            case ")":
                return .url(String(value))
            case _ where CSSTokenizer.isWhitespace(scalar):
                while let next = peek(), CSSTokenizer.isWhitespace(next) { index += 1 }
                if peek() == nil { return .url(String(value)) }
                if peek() == ")" {
                    index += 1
                    return .url(String(value))
                }
                consumeBadURLRemnants()
                return .badURL
            case "\"", "'", "(":
                consumeBadURLRemnants()
                return .badURL
            case "\\":
                if CSSTokenizer.isValidEscape(scalar, peek()) {
                    value.append(consumeEscape())
                } else {
                    consumeBadURLRemnants()
                    return .badURL
                }
            case _ where CSSTokenizer.isNonPrintable(scalar):
                consumeBadURLRemnants()
                return .badURL
            default:
                value.append(scalar)
            }
        }
        return .url(String(value))
    }

    /// §4.3.14: up to and with the `)` that ends a bad URL, escapes skipped whole.
    private mutating func consumeBadURLRemnants() {
        while let scalar = peek() {
            index += 1
            if scalar == ")" { return }
            if CSSTokenizer.isValidEscape(scalar, peek()) { _ = consumeEscape() }
        }
    }

    /// §4.3.3: a number, percentage or dimension.
    private mutating func consumeNumeric() -> CSSToken {
        let number = consumeNumber()
        if startsIdentifier(at: index) { return .dimension(number, unit: consumeName()) }
        if peek() == "%" {
            index += 1
            return .percentage(number)
        }
        return .number(number)
    }

    /// §4.3.12: sign, digits, fraction and exponent, as `Double` reads them.
    private mutating func consumeNumber() -> Double {
        var text = ""
        if let sign = peek(), sign == "+" || sign == "-" {
            text.unicodeScalars.append(sign)
            index += 1
        }
        consumeDigits(into: &text)
        if peek() == ".", let digit = peek(1), CSSTokenizer.isDigit(digit) {
            text += "."
            index += 1
            consumeDigits(into: &text)
        }
        if let e = peek(), e == "e" || e == "E" {
            let signed = peek(1) == "+" || peek(1) == "-"
            if let digit = peek(signed ? 2 : 1), CSSTokenizer.isDigit(digit) {
                text += "e"
                if signed { text.unicodeScalars.append(peek(1)!) }
                index += signed ? 2 : 1
                consumeDigits(into: &text)
            }
        }
        let value = Double(text) ?? 0
        return value.isFinite ? value : 0
    }

    private mutating func consumeDigits(into text: inout String) {
        while let digit = peek(), CSSTokenizer.isDigit(digit) {
            text.unicodeScalars.append(digit)
            index += 1
        }
    }

    /// §4.3.9: whether the three code points at `start` begin an identifier.
    private func startsIdentifier(at start: Int) -> Bool {
        func at(_ offset: Int) -> Unicode.Scalar? { start + offset < scalars.count ? scalars[start + offset] : nil }
        guard let first = at(0) else { return false }
        if first == "-" {
            guard let second = at(1) else { return false }
            return CSSTokenizer.isNameStart(second) || second == "-" || CSSTokenizer.isValidEscape(second, at(2))
        }
        if CSSTokenizer.isNameStart(first) { return true }
        return CSSTokenizer.isValidEscape(first, at(1))
    }

    /// §4.3.10: whether the three code points at `start` begin a number.
    private func startsNumber(at start: Int) -> Bool {
        func at(_ offset: Int) -> Unicode.Scalar? { start + offset < scalars.count ? scalars[start + offset] : nil }
        guard let first = at(0) else { return false }
        if first == "+" || first == "-" {
            guard let second = at(1) else { return false }
            if CSSTokenizer.isDigit(second) { return true }
            return second == "." && at(2).map(CSSTokenizer.isDigit) == true
        }
        if first == "." { return at(1).map(CSSTokenizer.isDigit) == true }
        return CSSTokenizer.isDigit(first)
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" }
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }
    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        let folded = scalar.value | 0x20
        return (scalar.value < 0x80 && folded >= 0x61 && folded <= 0x7A) || scalar == "_" || scalar.value >= 0x80
    }
    static func isNameCodePoint(_ scalar: Unicode.Scalar) -> Bool { isNameStart(scalar) || isDigit(scalar) || scalar == "-" }
    static func isValidEscape(_ first: Unicode.Scalar, _ second: Unicode.Scalar?) -> Bool {
        first == "\\" && second != nil && second != "\n"
    }
    static func isNonPrintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 8 || scalar.value == 0x0B || (scalar.value >= 0x0E && scalar.value <= 0x1F) || scalar.value == 0x7F
    }
}
