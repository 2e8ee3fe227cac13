import DocumentKit
import ImageDecoding
import PageKit

/// An image collection laid out as pages side by side, one image per page of the viewport's
/// size, each fitted whole and centred: the paged layout every paged kind shares
/// (`PagedLayout`) over the collection's pages (`ImagePages`). A landscape scan among portrait
/// ones is one wide page, as wide as the window lets it be; an image that cannot be shown
/// gets a page saying why; a collection that reads right to left (a manga) puts its first page
/// at the right, so swiping from left to right goes forward.
public typealias ImageCollectionLayout = PagedLayout<ImagePages>

extension PagedLayout where Source == ImagePages {
    /// `images`: the store the pages are decoded by; by default one reading the collection's
    /// files, or its archive's entries. It opens at the collection's start page.
    public convenience init(collection: ImageCollection, palette: Palette = .light, images: ImageStore? = nil) {
        self.init(source: ImagePages(collection: collection, images: images), palette: palette, paged: true)
        readingAnchor = ReadingAnchor(section: collection.startPage, block: 0, fraction: 0)
    }

    public var collection: ImageCollection { source.collection }

    public var images: ImageStore { source.images }
}
