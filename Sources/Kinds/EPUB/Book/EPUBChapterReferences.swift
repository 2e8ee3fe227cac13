import TextKind

/// How one spine document's references reach the rest of the book (`MarkupReferences`): a
/// place in the book is the entry's name, `#`, and the id (`OEBPS/ch3.xhtml#note1`), a link
/// to it `#` and that name; a link to a chapter's start leads to the chapter's entry name,
/// which its first block carries (`EPUBChapters.blocks(ofChapter:)`).
struct EPUBChapterReferences: MarkupReferences {
    /// The chapter's entry name, which its hrefs are relative to.
    let entryName: String
    /// Whether an entry is in the archive (and may be served): images and chapters elsewhere
    /// are not links or pictures of the book.
    let contains: (String) -> Bool
    /// The book's style sheets and fonts, shared by its chapters.
    let styleSheets: EPUBStyleSheets?

    func destination(ofLink href: String) -> String? {
        guard let location = EPUBLocation(href: href, relativeTo: entryName) else {
            // An address with a scheme leads out of the book as written (the viewer follows
            // web and mail ones only). Anything else that names no place in the book (an
            // empty href, `?x.md`, `folder/`) is text without a link: as written it would be
            // a path beside the book, a file the link would open.
            let trimmed = href.trimmingWhitespace()
            return EPUBLocation.hasScheme(trimmed) ? String(trimmed) : nil
        }
        guard contains(location.entryName) else { return nil }
        return "#" + EPUBChapterReferences.anchor(of: location)
    }

    /// The image's entry name, which the book's image source reads from the zip
    /// (`EPUBImages`); nil for one that is not in the book, shown as its description.
    func imageSource(_ source: String) -> String? {
        guard let location = EPUBLocation(href: source, relativeTo: entryName), contains(location.entryName) else { return nil }
        return location.entryName
    }

    func anchor(ofID id: String) -> String { entryName + "#" + id }

    /// The style sheet a `<link>` names, relative to the chapter, parsed once for the book.
    func styleSheet(linkedAs href: String) -> CSSStyleSheet? {
        guard let location = EPUBLocation(href: href, relativeTo: entryName) else { return nil }
        return styleSheets?.sheet(atEntry: location.entryName)
    }

    var fontFamilies: [String: String] { styleSheets?.fontFamilies ?? [:] }

    func fontFamilies(ofChapterFaces faces: [CSSStyleSheet.FontFace]) -> [String: String] {
        styleSheets?.families(of: faces, relativeTo: entryName) ?? [:]
    }

    /// The anchor name of a place in the book.
    static func anchor(of location: EPUBLocation) -> String {
        location.fragment.map { location.entryName + "#" + $0 } ?? location.entryName
    }
}
