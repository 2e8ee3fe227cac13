/// One resource the package lists: a chapter, an image, a stylesheet, a font.
public struct EPUBManifestItem: Sendable, Hashable {
    public var id: String
    /// Its archive entry: the href resolved against the package document's folder, `%XX`
    /// decoded (`EPUBLocation`).
    public var entryName: String
    /// As declared (`application/xhtml+xml`, `image/jpeg`); empty when missing.
    public var mediaType: String
    /// EPUB 3's space-separated `properties` (`nav`, `cover-image`, `svg`, `scripted`).
    public var properties: [String]

    public init(id: String, entryName: String, mediaType: String, properties: [String] = []) {
        self.id = id
        self.entryName = entryName
        self.mediaType = mediaType
        self.properties = properties
    }

    public var isNavigationDocument: Bool { properties.contains("nav") }
    public var isCoverImage: Bool { properties.contains("cover-image") }
}

/// How a spine item is laid out: reflowed into the column, or one fixed page.
public enum EPUBLayout: Sendable, Hashable {
    case reflowable
    /// `rendition:layout` `pre-paginated`: a page of its declared viewport.
    case prePaginated
}

/// Which way the pages of a paginated book turn (the spine's `page-progression-direction`).
public enum EPUBPageProgression: Sendable, Hashable {
    case `default`
    case leftToRight
    case rightToLeft
}

/// One document of the reading order.
public struct EPUBSpineItem: Sendable, Hashable {
    /// The manifest item it names (`idref`).
    public var item: EPUBManifestItem
    /// False for `linear="no"`: auxiliary content (notes, answers) outside the main flow.
    public var isLinear: Bool
    /// The itemref's `properties` (`page-spread-left`, `rendition:layout-pre-paginated`).
    public var properties: [String]
    /// The package's layout, or the item's own (`rendition:layout-pre-paginated`,
    /// `rendition:layout-reflowable`).
    public var layout: EPUBLayout

    public init(item: EPUBManifestItem, isLinear: Bool = true, properties: [String] = [], layout: EPUBLayout = .reflowable) {
        self.item = item
        self.isLinear = isLinear
        self.properties = properties
        self.layout = layout
    }
}
