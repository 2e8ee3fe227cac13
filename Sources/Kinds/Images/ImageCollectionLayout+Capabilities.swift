import DocumentKit
import Machinery

/// What a collection of images offers: pages zoomed one at a time, like Photos, and read to a
/// screen reader by their files' names.
extension ImageCollectionLayout: DocumentContent {
    /// From fit-to-window to the page's own limit (`maximumZoomScale(ofPage:)`), set as each
    /// page is shown.
    public var zoomPolicy: ZoomPolicy { .perPage(1...ImageCollectionLayout.minimumMaximumZoomScale) }

    public var readableText: (any ReadableLayout)? { nil }

    public var accessibleContent: (any AccessibleContent)? { self }

    public var outline: (any OutlineSource)? { nil }

    public func link(at point: ContentPoint, zoomScale: Double) -> ContentLink? { nil }

    public func contentOffset(of location: BlockLocation) -> ContentPoint? { nil }

    /// Images are not read again when their files change.
    public func replaceDocument(with document: any LoadedDocument) -> Bool { false }

    public var failure: DocumentError? { nil }
}

/// One image a page: its file's name is all a reader can be told.
extension ImageCollectionLayout: AccessibleContent {
    public var sectionCount: Int { pageCount }

    /// A page whose image is not known yet, while the pages are put in order.
    public func isPending(section: Int) -> Bool { (0..<pageCount).contains(section) && collection.imagePath(atPage: section) == nil }

    public func blocks(inSection section: Int) -> [AccessibleBlock] {
        guard let path = collection.imagePath(atPage: section) else { return [] }
        return [AccessibleBlock(role: .image, text: FilePath.name(of: path),
                                location: AccessibleBlockLocation(section: section, block: 0))]
    }

    public var firstVisibleBlock: AccessibleBlockLocation { AccessibleBlockLocation(section: readingAnchor.section, block: 0) }

    public func frame(of location: AccessibleBlockLocation) -> ContentRect? { nil }

    public func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> ContentRect? { nil }

    public func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]? { nil }

    public func destination(ofAnchor fragment: String, near location: AccessibleBlockLocation) -> AccessibleBlockLocation? { nil }

    public func scrollTarget(of location: AccessibleBlockLocation) -> AccessibleScrollTarget { .page(slot(ofPage: location.section)) }
}
