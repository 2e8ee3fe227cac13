import CLocale
/// Numbers written as the user's locale writes them: its decimal separator and digit grouping
/// ("1 234,5" in Russian, "1,234.5" in English).
public enum LocalizedNumber {
    /// `value` with thousands grouped.
    public static func string(_ value: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + grouped(digits)
    }

    /// `value` rounded to `fractionDigits` digits after the separator.
    public static func string(_ value: Double, fractionDigits: Int) -> String {
        guard value.isFinite else { return value.description }
        var scale = 1.0
        for _ in 0..<max(0, fractionDigits) { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        let whole = (scaled / scale).rounded(.down)
        let fraction = Int(scaled - whole * scale)
        var text = (value < 0 && scaled > 0 ? "-" : "") + grouped(String(Int(whole)))
        if fractionDigits > 0 {
            let fractionText = String(fraction)
            text += separators.decimal + String(repeating: "0", count: fractionDigits - fractionText.count) + fractionText
        }
        return text
    }

    private static func grouped(_ digits: String) -> String {
        guard digits.count > 3 else { return digits }
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += separators.thousands }
            result.append(digit)
        }
        return result
    }

    /// The LC_NUMERIC locale's separators, or, when it is "C" or not installed on this
    /// machine, those of the language the messages are in (its catalog translates them).
    /// Looked up at each call (gettext hashes them), so a change of language applies at once.
    static var separators: (decimal: String, thousands: String) {
        if let decimal = glide_numeric_decimal_point(), let thousands = glide_numeric_thousands_separator() {
            return (String(cString: decimal), String(cString: thousands))
        }
        // TRANSLATORS: the decimal separator of your language, as in 1.5.
        let decimal = localizedInContext("decimal separator", ".")
        // TRANSLATORS: the separator between groups of three digits, as in 1,234; Russian uses a no-break space.
        let thousands = localizedInContext("thousands separator", ",")
        return (decimal, thousands)
    }
}
