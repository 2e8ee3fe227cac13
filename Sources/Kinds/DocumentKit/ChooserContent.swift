/// Content a reader chooses from rather than reads: the home's recent documents, the folder
/// view and the overview's grid of pages. None of it zooms, links or reloads, or has text, an
/// outline or a failure of its own; a screen reader reads it as it says (`AccessibleContent`).
public protocol ChooserContent: DocumentContent, AccessibleContent {}

extension ChooserContent {
    public var zoomPolicy: ZoomPolicy { .none }
    public func maximumZoomScale(ofPage page: Int) -> Double { 1 }
    public var readableText: (any ReadableLayout)? { nil }
    public var accessibleContent: (any AccessibleContent)? { self }
    public var outline: (any OutlineSource)? { nil }
    public func link(at point: ContentPoint, zoomScale: Double) -> ContentLink? { nil }
    public func replaceDocument(with document: any LoadedDocument) -> Bool { false }
    public var failure: DocumentError? { nil }
}
