import DocumentKit
import Localization

/// What a scrolling text offers the viewer: its text reflows on zoom, is found, selected,
/// copied and read aloud; it has no outline of its own (`--split` shows the pages' one).
extension DocumentLayout: DocumentContent {
    public var zoomPolicy: ZoomPolicy { .reflow(self) }

    public func maximumZoomScale(ofPage page: Int) -> Double { DocumentLayout.textScaleRange.upperBound / textScale }

    public var readableText: (any ReadableLayout)? { self }

    public var accessibleContent: (any AccessibleContent)? { self }

    public var outline: (any OutlineSource)? { nil }

    /// A text's links are the reading tools' (`link(at:)`).
    public func link(at point: ContentPoint, zoomScale: Double) -> ContentLink? { nil }

    public func contentOffset(of location: BlockLocation) -> ContentPoint? {
        frame(ofBlock: location.block, inSection: location.section).map { ContentPoint(x: 0, y: $0.y.rounded()) }
    }

    public var failure: DocumentError? { nil }
}

/// Text as pages side by side (`--paging`, `--split`): read whole, so not zoomed; the screen
/// reader reads it as it does a scrolling text; its headings are the outline above it.
extension HorizontalPagesLayout: DocumentContent {
    public var zoomPolicy: ZoomPolicy { .none }

    public func maximumZoomScale(ofPage page: Int) -> Double { 1 }

    /// Find and selection work on a scrolling text; pages side by side have none of them yet.
    public var readableText: (any ReadableLayout)? { nil }

    public var accessibleContent: (any AccessibleContent)? { self }

    public var outline: (any OutlineSource)? { TextOutlineSource(pages: self) }

    public func link(at point: ContentPoint, zoomScale: Double) -> ContentLink? { nil }

    public func contentOffset(of location: BlockLocation) -> ContentPoint? {
        ContentPoint(x: Double(page(of: location)) * column.viewportWidth, y: 0)
    }

    public var failure: DocumentError? { nil }
}

/// Several files as one strip of pages: turned through, not zoomed, read or searched.
extension DocumentCollectionLayout: DocumentContent {
    public var zoomPolicy: ZoomPolicy { .none }

    public func maximumZoomScale(ofPage page: Int) -> Double { 1 }

    public var readableText: (any ReadableLayout)? { nil }

    public var accessibleContent: (any AccessibleContent)? { nil }

    public var outline: (any OutlineSource)? { nil }

    public func link(at point: ContentPoint, zoomScale: Double) -> ContentLink? { nil }

    public func contentOffset(of location: BlockLocation) -> ContentPoint? { nil }

    public var failure: DocumentError? { nil }
}
