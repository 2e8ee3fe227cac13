import ArchiveKit

/// The table of contents of an EPUB 3 navigation document: `<nav epub:type="toc">`, whose
/// `<ol>` holds an `<li>` per entry, each with an `<a href>` (or a `<span>` heading) and
/// perhaps an `<ol>` of its children.
enum NavigationDocumentReader {
    static let operationsNamespace = "http://www.idpf.org/2007/ops"
    /// A navigation document is a page of links: 16 MB holds well over 10,000 entries.
    static let maximumBytes = 16 << 20

    /// Nil when the entry cannot be read or parsed, or has no `nav`.
    static func tableOfContents(entryName: String, in archive: ZipArchive) -> EPUBTableOfContents? {
        guard let bytes = try? archive.data(ofEntry: entryName, maximumBytes: maximumBytes),
              let root = XMLDocument(bytes: bytes)?.root else { return nil }
        var navs: [XMLElement] = []
        collectNavs(in: root, into: &navs, depth: 0)
        // A book that forgot `epub:type` still has one `nav`, its table of contents.
        guard let nav = navs.first(where: isTableOfContents) ?? (navs.count == 1 ? navs.first : nil),
              let list = nav.firstChild(named: "ol") else { return nil }
        var budget = NavigationBudget()
        let entries = self.entries(of: list, depth: 1, base: entryName, budget: &budget)
        return EPUBTableOfContents(entries: entries, source: .navigationDocument(entryName: entryName),
                                   isTruncated: budget.hasLeftEntriesOut)
    }

    private static func isTableOfContents(_ nav: XMLElement) -> Bool {
        PackageDocumentReader.words(nav.attribute("type", namespace: operationsNamespace)).contains("toc")
    }

    /// Every `nav`, in document order; libxml2 stops nesting at 256 levels (without
    /// `XML_PARSE_HUGE`), so the recursion stays shallow.
    private static func collectNavs(in element: XMLElement, into navs: inout [XMLElement], depth: Int) {
        for child in element.children {
            if child.localName == "nav" { navs.append(child) } else { collectNavs(in: child, into: &navs, depth: depth + 1) }
        }
    }

    private static func entries(of list: XMLElement, depth: Int, base: String,
                                budget: inout NavigationBudget) -> [EPUBNavigationEntry] {
        var entries: [EPUBNavigationEntry] = []
        for item in list.children(named: "li") {
            guard budget.admit(depth: depth) else { break }
            let label = item.children.first { $0.localName == "a" || $0.localName == "span" }
            var title = label?.collapsedText() ?? ""
            if title.isEmpty { title = label?.attribute("title") ?? "" }
            let target = label?.localName == "a" ? label?.attribute("href").flatMap { EPUBLocation(href: $0, relativeTo: base) } : nil
            let children = item.firstChild(named: "ol").map { self.entries(of: $0, depth: depth + 1, base: base, budget: &budget) }
            entries.append(EPUBNavigationEntry(title: title, target: target, children: children ?? []))
        }
        return entries
    }
}
