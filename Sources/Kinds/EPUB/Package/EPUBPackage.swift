import ArchiveKit
import Localization

/// What a book's container and package document say: its metadata, its resources, its
/// reading order, its cover, where its table of contents is and how its fonts are obfuscated. Read
/// once when the book opens, from a few small entries; the chapters are not read.
public struct EPUBPackage: Sendable, Hashable {
    /// The package document's entry (`OEBPS/content.opf`); manifest hrefs are relative to it.
    public var packageEntryName: String
    /// `package/@version` (`2.0`, `3.0`); empty when missing.
    public var version: String
    /// The `dc:title` (EPUB 3's `title-type` `main` where several are given); nil when none.
    public var title: String?
    public var creators: [String]
    /// The first `dc:language` (`en`, `ru-RU`); nil when none.
    public var language: String?
    /// The `dc:identifier` the package's `unique-identifier` names (else the first): the
    /// IDPF font key is made from it.
    public var uniqueIdentifier: String?
    /// Every `dc:identifier`, in order.
    public var identifiers: [String]
    /// In the package's order; of items with the same id, the first.
    public var manifest: [EPUBManifestItem]
    /// The reading order. Items whose idref names no manifest item, or whose entry is not in
    /// the archive, are left out (`skippedSpineItemCount` counts them).
    public var spine: [EPUBSpineItem]
    public var skippedSpineItemCount: Int
    public var pageProgression: EPUBPageProgression
    /// The cover image: the manifest item with `properties="cover-image"`, else the one EPUB 2's
    /// `<meta name="cover" content="id">` names.
    public var cover: EPUBManifestItem?
    /// The package-wide `rendition:layout`; spine items may override it.
    public var layout: EPUBLayout
    /// The package's `rendition:viewport` (deprecated in EPUB 3.1, still written), the size of
    /// a fixed-layout page whose document declares none.
    public var viewport: EPUBViewport?
    /// The entries the table of contents is read from (`tableOfContents(in:)`): the EPUB 3
    /// navigation document's, and the NCX's.
    public var navigationDocumentEntryName: String?
    public var ncxEntryName: String?
    /// Fonts (and anything else) obfuscated by the IDPF or Adobe algorithms, from
    /// `META-INF/encryption.xml`.
    public var obfuscatedResources: [EPUBObfuscatedResource]

    /// Each id's and entry's position in `manifest` (the first where several share one).
    private var positionsByID: [String: Int] = [:]
    private var positionsByEntry: [String: Int] = [:]

    /// A package document lists every resource once: 16 MB holds over 100,000 manifest items.
    static let maximumPackageBytes = 16 << 20

    /// Reads the book in `archive`. DRM (`META-INF/encryption.xml` encrypting more than
    /// obfuscated fonts) refuses it first; a missing or unreadable package document, or a
    /// reading order with no document in the archive, refuses it as damaged.
    public init(archive: ZipArchive) throws(EPUBError) {
        obfuscatedResources = try EPUBEncryption.obfuscatedResources(in: archive)
        packageEntryName = try EPUBContainer.packagePath(in: archive)
        let bytes = try archive.data(ofEntry: packageEntryName, maximumBytes: EPUBPackage.maximumPackageBytes)
        guard let root = XMLDocument(bytes: bytes)?.root, root.localName == "package" else {
            throw .damaged(detail: localized("its package document '%s' is not one", packageEntryName))
        }
        let reader = PackageDocumentReader(root: root, entryName: packageEntryName, archive: archive)
        version = root.attribute("version").map { String($0.trimmingWhitespace()) } ?? ""
        (title, creators, language) = (reader.title, reader.creators, reader.language)
        (uniqueIdentifier, identifiers) = (reader.uniqueIdentifier, reader.identifiers)
        manifest = reader.manifest
        for (position, item) in manifest.enumerated() {
            if positionsByID[item.id] == nil { positionsByID[item.id] = position }
            if positionsByEntry[item.entryName] == nil { positionsByEntry[item.entryName] = position }
        }
        layout = reader.layout
        viewport = reader.viewport
        (spine, skippedSpineItemCount) = reader.spine(layout: layout)
        guard !spine.isEmpty else {
            throw .damaged(detail: localized("its reading order lists no document the book holds"))
        }
        pageProgression = reader.pageProgression
        cover = reader.cover
        (navigationDocumentEntryName, ncxEntryName) = reader.tableOfContentsEntryNames
    }

    /// The book's table of contents: its EPUB 3 navigation document's, else its NCX's; empty
    /// when it has neither or neither holds an entry. Read from `archive` at each call, not
    /// when the book opens: a 300-chapter book's navigation took an eighth of the instructions
    /// of its first frame (callgrind, `glide-bench epub-first-frame book`), and only the
    /// outline needs it.
    public func tableOfContents(in archive: ZipArchive) -> EPUBTableOfContents {
        if let navigationDocumentEntryName,
           let contents = NavigationDocumentReader.tableOfContents(entryName: navigationDocumentEntryName, in: archive),
           !contents.entries.isEmpty {
            return contents
        }
        if let ncxEntryName, let contents = NCXReader.tableOfContents(entryName: ncxEntryName, in: archive),
           !contents.entries.isEmpty {
            return contents
        }
        return EPUBTableOfContents()
    }

    /// The manifest item with `id`.
    public func item(withID id: String) -> EPUBManifestItem? {
        positionsByID[id].map { manifest[$0] }
    }

    /// The manifest item stored as `entryName`.
    public func item(atEntry entryName: String) -> EPUBManifestItem? {
        positionsByEntry[entryName].map { manifest[$0] }
    }

    /// How the entry is obfuscated, if it is.
    public func obfuscation(ofEntry entryName: String) -> FontObfuscation? {
        obfuscatedResources.first { $0.entryName == entryName }?.algorithm
    }

    /// The entry's bytes as the book means them: an obfuscated font XORed back with the key
    /// its algorithm makes from the book's identifiers (unchanged when no key can be made).
    public func deobfuscated(_ bytes: [UInt8], ofEntry entryName: String) -> [UInt8] {
        guard let algorithm = obfuscation(ofEntry: entryName),
              let key = algorithm.key(uniqueIdentifier: uniqueIdentifier, identifiers: identifiers) else { return bytes }
        return algorithm.deobfuscated(bytes, key: key)
    }
}
