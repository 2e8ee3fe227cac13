/// A link in shown text and where a finger or pointer can take it.
public struct DocumentLink: Equatable, Sendable {
    /// The destination as written in the document.
    public var destination: String
    /// Where the link's text is drawn (content coordinates, one rectangle per line).
    public var rects: [ContentRect]
    /// `rects` grown to at least `minimumHitHeightPixels` tall, so a fingertip finds a link in
    /// body text.
    public var hitRects: [ContentRect]

    /// The least height of a link's hit area in logical px: the 44 pt touch target of Apple's
    /// HIG (reference/readers-and-desktop.md), against a 17 px line of body text.
    public static let minimumHitHeightPixels = 44.0

    public init(destination: String, rects: [ContentRect]) {
        self.destination = destination
        self.rects = rects
        hitRects = rects.map { rect in
            let grow = max(0, DocumentLink.minimumHitHeightPixels - rect.height) / 2
            return ContentRect(x: rect.x, y: rect.y - grow, width: rect.width, height: rect.height + 2 * grow)
        }
    }

    /// How far `point` is from the link's text: 0 on it, else the distance to its nearest
    /// rectangle (for choosing between links whose hit areas overlap).
    public func distance(to point: ContentPoint) -> Double {
        rects.map { rect in
            let dx = max(rect.x - point.x, 0, point.x - rect.maxX)
            let dy = max(rect.y - point.y, 0, point.y - rect.maxY)
            return (dx * dx + dy * dy).squareRoot()
        }.min() ?? .infinity
    }
}

/// What following a link does, decided from its destination alone.
public enum LinkAction: Equatable, Sendable {
    /// A heading of the same document (`#slug`).
    case heading(fragment: String)
    /// A local file Glide can open, by absolute path, with an optional heading fragment.
    case document(path: String, fragment: String?)
    /// A web or mail address, handed to the desktop to open.
    case external(url: String)
    /// Anything else (`javascript:`, `file:` to a program, unknown schemes): nothing is done.
    case refused(reason: String)

    /// The schemes handed to the desktop; everything else is refused, so a document can
    /// never make Glide run anything.
    public static let externalSchemes = ["http", "https", "mailto"]

    /// The action for `destination`, written in a document whose directory is `baseDirectory`.
    /// A relative path counts as a document only with an extension Glide reads as text.
    public init(destination: String, baseDirectory: String) {
        let trimmed = String(destination.trimmingSpaces)
        if trimmed.hasPrefix("#") {
            self = .heading(fragment: String(trimmed.dropFirst()))
            return
        }
        if let colon = trimmed.firstIndex(of: ":"), trimmed[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }),
           !trimmed[..<colon].isEmpty {
            let scheme = trimmed[..<colon].lowercased()
            if LinkAction.externalSchemes.contains(scheme) {
                self = .external(url: trimmed)
            } else {
                self = .refused(reason: "links of the \(scheme): scheme are not followed")
            }
            return
        }
        let parts = trimmed.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? ""
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        guard !path.isEmpty else {
            self = .refused(reason: "empty link")
            return
        }
        guard LinkAction.isTextPath(path) else {
            self = .refused(reason: "'\(path)' is not a document Glide opens")
            return
        }
        let absolute = path.hasPrefix("/") ? path : baseDirectory + "/" + path
        self = .document(path: absolute, fragment: fragment)
    }
}

extension LinkAction {
    /// Whether Glide opens `path` as text when a link points there: Markdown and plain text.
    static func isTextPath(_ path: String) -> Bool {
        let lowercased = path.lowercased()
        return FileFormat.isMarkdownPath(path) || lowercased.hasSuffix(".txt") || lowercased.hasSuffix(".text")
    }
}

extension String {
    var trimmingSpaces: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
