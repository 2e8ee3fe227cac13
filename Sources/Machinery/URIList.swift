/// A `text/uri-list` (RFC 2483), as file managers offer files they drag and portals return
/// files chosen: one URI a line, lines ending in CR LF, `#` starting a comment.
public enum URIList {
    /// The local files a list names, in order: `file:` URIs of this machine (no host, or
    /// `localhost`), percent-decoded; other URIs, and names that are not UTF-8, are left out.
    public static func localPaths(in list: String) -> [String] {
        list.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).compactMap { line in
            let uri = line.trimmingWhitespace()
            guard !uri.hasPrefix("#") else { return nil }
            return localPath(of: uri)
        }
    }

    /// The file a `file:` URI names, or nil.
    public static func localPath(of uri: Substring) -> String? {
        guard uri.lowercased().hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        // A name that is not UTF-8 cannot be handed on as an argument; it is left out.
        guard rest.hasPrefix("/"), let bytes = percentDecoded(rest) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func percentDecoded(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        // A name holds no NUL.
        return bytes.contains(0) ? nil : bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var trimmed = self
        while let first = trimmed.first, first.isWhitespace { trimmed.removeFirst() }
        while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
        return trimmed
    }
}
