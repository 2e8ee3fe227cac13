import ArchiveKit

/// The package document (OPF) read into `EPUBPackage`'s parts. Elements are found by local
/// name in any namespace (see `XMLElement.children(named:)`).
struct PackageDocumentReader {
    let root: XMLElement
    /// The OPF's entry: hrefs are relative to its folder.
    let entryName: String
    let archive: ZipArchive
    /// `metadata`'s children, and those of OEB 1.2's `dc-metadata` and `x-metadata` inside it,
    /// which EPUB 2 books made by old tools still carry.
    private let metadata: [XMLElement]
    /// The manifest, first id wins, and each id's position in it.
    let manifest: [EPUBManifestItem]
    private let manifestIndex: [String: Int]

    init(root: XMLElement, entryName: String, archive: ZipArchive) {
        self.root = root
        self.entryName = entryName
        self.archive = archive
        let metadataElement = root.firstChild(named: "metadata")
        metadata = (metadataElement?.children ?? []).flatMap { element in
            ["dc-metadata", "x-metadata"].contains(element.localName) ? element.children : [element]
        }
        var items: [EPUBManifestItem] = []
        var index: [String: Int] = [:]
        for element in root.firstChild(named: "manifest")?.children(named: "item") ?? [] {
            guard let id = element.attribute("id").map({ String($0.trimmingWhitespace()) }), !id.isEmpty, index[id] == nil,
                  let href = element.attribute("href"),
                  let location = EPUBLocation(href: href, relativeTo: entryName) else { continue }
            index[id] = items.count
            items.append(EPUBManifestItem(
                id: id, entryName: location.entryName,
                mediaType: element.attribute("media-type").map { String($0.trimmingWhitespace()) } ?? "",
                properties: PackageDocumentReader.words(element.attribute("properties"))))
        }
        manifest = items
        manifestIndex = index
    }

    func item(withID id: String) -> EPUBManifestItem? {
        manifestIndex[String(id.trimmingWhitespace())].map { manifest[$0] }
    }

    // MARK: Metadata

    private func metadataElements(_ localName: String) -> [XMLElement] {
        metadata.filter { $0.localName == localName }
    }

    /// The `main` title where EPUB 3 refines several (`<meta refines="#t1"
    /// property="title-type">main</meta>`), else the first non-empty one.
    var title: String? {
        let titles = metadataElements("title").filter { !$0.collapsedText().isEmpty }
        let mainIDs = Set(metadataElements("meta").compactMap { meta -> String? in
            guard meta.attribute("property") == "title-type", meta.collapsedText() == "main",
                  let refines = meta.attribute("refines") else { return nil }
            return String(refines.trimmingWhitespace().drop { $0 == "#" })
        })
        let main = titles.first { title in title.attribute("id").map { mainIDs.contains($0) } ?? false }
        return (main ?? titles.first)?.collapsedText()
    }

    var creators: [String] {
        metadataElements("creator").map { $0.collapsedText() }.filter { !$0.isEmpty }
    }

    var language: String? {
        metadataElements("language").map { $0.collapsedText() }.first { !$0.isEmpty }
    }

    var identifiers: [String] {
        metadataElements("identifier").map { String($0.text().trimmingWhitespace()) }.filter { !$0.isEmpty }
    }

    /// The identifier `package/@unique-identifier` names, else the first.
    var uniqueIdentifier: String? {
        let elements = metadataElements("identifier")
        let named = root.attribute("unique-identifier").map { String($0.trimmingWhitespace()) }
        let chosen = elements.first { $0.attribute("id") == named && named != nil } ?? elements.first
        return chosen.map { String($0.text().trimmingWhitespace()) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// EPUB 3's `<meta property="…">value</meta>`: the first value.
    private func property(_ name: String) -> String? {
        metadataElements("meta").first { $0.attribute("property")?.trimmingWhitespace() == name[...] }?.collapsedText()
    }

    var layout: EPUBLayout {
        property("rendition:layout") == "pre-paginated" ? .prePaginated : .reflowable
    }

    var viewport: EPUBViewport? {
        property("rendition:viewport").flatMap(EPUBViewport.init(parsing:))
    }

    /// The manifest item with `cover-image`, else EPUB 2's `<meta name="cover" content="id">`
    /// (some tools write the image's href there instead of its id).
    var cover: EPUBManifestItem? {
        if let item = manifest.first(where: \.isCoverImage) { return item }
        guard let content = metadataElements("meta").first(where: { $0.attribute("name") == "cover" })?.attribute("content")
        else { return nil }
        if let item = item(withID: content) { return item }
        let location = EPUBLocation(href: content, relativeTo: entryName)
        return manifest.first { $0.entryName == location?.entryName && $0.mediaType.hasPrefix("image/") }
    }

    // MARK: Spine

    private var spineElement: XMLElement? { root.firstChild(named: "spine") }

    /// The reading order with `layout` as the default, and how many itemrefs were left out
    /// (no such manifest item, or no such entry in the archive).
    func spine(layout: EPUBLayout) -> (items: [EPUBSpineItem], skipped: Int) {
        var items: [EPUBSpineItem] = []
        var skipped = 0
        for itemref in spineElement?.children(named: "itemref") ?? [] {
            guard let item = itemref.attribute("idref").flatMap(item(withID:)), archive.contains(item.entryName) else {
                skipped += 1
                continue
            }
            let properties = PackageDocumentReader.words(itemref.attribute("properties"))
            var itemLayout = layout
            if properties.contains("rendition:layout-pre-paginated") { itemLayout = .prePaginated }
            if properties.contains("rendition:layout-reflowable") { itemLayout = .reflowable }
            let linear = itemref.attribute("linear")?.trimmingWhitespace().lowercased() != "no"
            items.append(EPUBSpineItem(item: item, isLinear: linear, properties: properties, layout: itemLayout))
        }
        return (items, skipped)
    }

    var pageProgression: EPUBPageProgression {
        switch spineElement?.attribute("page-progression-direction")?.trimmingWhitespace() {
        case "ltr": return .leftToRight
        case "rtl": return .rightToLeft
        default: return .default
        }
    }

    // MARK: Table of contents

    /// Where the table of contents is: the EPUB 3 navigation document, and the NCX (the
    /// spine's `toc`, else the first manifest item of the NCX media type), read only when the
    /// outline is first wanted (`EPUBPackage.tableOfContents(in:)`).
    var tableOfContentsEntryNames: (navigationDocument: String?, ncx: String?) {
        let ncx = spineElement?.attribute("toc").flatMap(item(withID:))
            ?? manifest.first { $0.mediaType == NCXReader.mediaType }
        return (manifest.first(where: \.isNavigationDocument)?.entryName, ncx?.entryName)
    }

    static func words(_ text: String?) -> [String] {
        (text ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
    }
}
