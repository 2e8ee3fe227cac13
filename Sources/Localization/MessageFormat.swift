/// The placeholders of a translated message, in the subset of C's printf that gettext's
/// `c-format` check understands and Glide uses: `%s`, `%N$s` and `%%`.
enum MessageFormat {
    /// `format` with its placeholders replaced by `arguments`; a placeholder with no argument
    /// stays as written, so a wrong translation shows itself rather than crashing.
    static func substitute(_ format: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var characters = format[...]
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            let rest = characters[characters.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                characters = rest.dropFirst()
            } else if rest.first == "s" {
                result += next < arguments.count ? arguments[next] : "%s"
                next += 1
                characters = rest.dropFirst()
            } else if let dollar = rest.firstIndex(of: "$"), let position = Int(rest[..<dollar]),
                      rest[rest.index(after: dollar)...].first == "s" {
                result += (1...arguments.count).contains(position) ? arguments[position - 1] : "%\(position)$s"
                characters = rest[rest.index(dollar, offsetBy: 2)...]
            } else {
                result += "%"
                characters = rest
            }
        }
        return result + characters
    }
}
