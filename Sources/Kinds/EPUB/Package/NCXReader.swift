import ArchiveKit

/// The table of contents of an EPUB 2 NCX: `navMap`'s nested `navPoint`s, each with
/// `navLabel/text` and `content/@src`.
enum NCXReader {
    static let mediaType = "application/x-dtbncx+xml"
    /// As the navigation document's bound.
    static let maximumBytes = NavigationDocumentReader.maximumBytes

    /// Nil when the entry cannot be read or parsed, or has no `navMap`.
    static func tableOfContents(entryName: String, in archive: ZipArchive) -> EPUBTableOfContents? {
        guard let bytes = try? archive.data(ofEntry: entryName, maximumBytes: maximumBytes),
              let map = XMLDocument(bytes: bytes)?.root?.firstChild(named: "navMap") else { return nil }
        var budget = NavigationBudget()
        let entries = points(of: map, depth: 1, base: entryName, budget: &budget)
        return EPUBTableOfContents(entries: entries, source: .ncx(entryName: entryName), isTruncated: budget.hasLeftEntriesOut)
    }

    private static func points(of parent: XMLElement, depth: Int, base: String,
                               budget: inout NavigationBudget) -> [EPUBNavigationEntry] {
        var entries: [EPUBNavigationEntry] = []
        for point in parent.children(named: "navPoint") {
            guard budget.admit(depth: depth) else { break }
            let title = point.firstChild(named: "navLabel")?.firstChild(named: "text")?.collapsedText() ?? ""
            let target = point.firstChild(named: "content")?.attribute("src").flatMap { EPUBLocation(href: $0, relativeTo: base) }
            let children = points(of: point, depth: depth + 1, base: base, budget: &budget)
            entries.append(EPUBNavigationEntry(title: title, target: target, children: children))
        }
        return entries
    }
}
