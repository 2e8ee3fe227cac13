import Glibc

/// Text safe to print as part of a one-line message: control characters (a newline in a file
/// name, an escape sequence) are shown escaped as C writes them (`\n`, `\x1B`), and bytes
/// that are not UTF-8 as `\xFF`, so every message stays one line and shows the name as it is.
public enum OneLineText {
    /// `text` with its control characters escaped.
    public static func escaping(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            // C0, DEL, C1 and the Unicode line and paragraph separators all break a line or
            // drive a terminal.
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                result += "\\x" + hexadecimal(scalar.value, digits: 2)
            case "\u{2028}", "\u{2029}":
                result += "\\u{" + hexadecimal(scalar.value, digits: 4) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `bytes` (a file name as the kernel has it) as text: UTF-8 sequences as characters,
    /// other bytes as `\xFF`, control characters escaped.
    public static func escaping<Bytes: RandomAccessCollection<UInt8>>(bytes: Bytes) -> String where Bytes.Index == Int {
        var result = ""
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : (0xC2..<0xE0).contains(lead) ? 2 : (0xE0..<0xF0).contains(lead) ? 3
                : (0xF0..<0xF5).contains(lead) ? 4 : 0
            if length > 0, index + length <= bytes.endIndex,
               let character = String(validating: bytes[index..<index + length], as: UTF8.self) {
                result += escaping(character)
                index += length
            } else {
                result += "\\x" + hexadecimal(UInt32(lead), digits: 2)
                index += 1
            }
        }
        return result
    }

    private static func hexadecimal(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

/// Writes one line to Glide's stderr (`StandardError`), prefixed with the program name;
/// control characters in `message` (from a file name) are escaped, so it stays one line.
public func printError(_ message: String) {
    StandardError.write("glide: \(OneLineText.escaping(message))\n")
}
