@testable import TextKind

/// A book's references as an EPUB kind would resolve them, for tests: paths relative to the
/// chapter's folder inside the book, places in the book as `#<chapter path>#<id>`, images only
/// when the book holds them.
struct BookReferences: MarkupReferences {
    /// The chapter's path inside the book (`text/ch1.xhtml`).
    var chapter: String
    /// The image files the book holds, by path inside it.
    var images: Set<String> = []

    func destination(ofLink href: String) -> String? {
        if href.hasPrefix("http:") || href.hasPrefix("https:") || href.hasPrefix("mailto:") { return href }
        let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts[0].isEmpty ? chapter : BookReferences.resolved(String(parts[0]), from: chapter)
        guard let path else { return nil }
        return "#" + path + (parts.count > 1 ? "#" + parts[1] : "")
    }

    func imageSource(_ source: String) -> String? {
        BookReferences.resolved(source, from: chapter).flatMap { images.contains($0) ? $0 : nil }
    }

    func anchor(ofID id: String) -> String { chapter + "#" + id }

    /// `path` relative to the folder of `file`, inside the book; nil when it climbs out.
    static func resolved(_ path: String, from file: String) -> String? {
        guard !path.contains(":") else { return nil }
        var parts = file.split(separator: "/").dropLast().map(String.init)
        for part in path.split(separator: "/") {
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else if part != "." {
                parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}

/// The blocks of `body` as a chapter of a book at `chapter`, in an EPUB 3 document.
func chapterBlocks(_ body: String, chapter: String = "text/ch1.xhtml", images: Set<String> = []) -> [Block] {
    let xhtml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en">
        <head><title>Chapter</title><link rel="stylesheet" href="../style.css"/></head>
        <body>\(body)</body>
        </html>
        """
    return MarkupBlocks.blocks(ofXHTML: Array(xhtml.utf8), references: BookReferences(chapter: chapter, images: images))
}
