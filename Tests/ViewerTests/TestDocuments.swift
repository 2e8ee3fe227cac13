import CCairo
import DocumentKit
import Foundation
@testable import ImageKind
import TestSupport
import TextKind
import Viewer

/// A long scrolling document.
func longLayout() -> any DocumentContent {
    TextDocument(text: chapteredText(chapters: 20), isMarkdown: false, title: "long").makeLayout(palette: .light)
}

/// The chapters as pages side by side.
func pagedLayout(chapters: Int = 6) -> HorizontalPagesLayout {
    HorizontalPagesLayout(document: TextDocument(text: chapteredText(chapters: chapters), isMarkdown: true, title: "pages"))
}

/// A directory of `count` solid PNGs of 1600×1200 px, a colour each.
func solidPhotos(count: Int) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return (0..<count).map { index in
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1600, 1200)!
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, Double(index) / Double(count), 0.5, 0.2)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        let path = "\(directory)/\(index).png"
        cairo_surface_write_to_png(surface, path)
        cairo_surface_destroy(surface)
        return path
    }
}

/// A paged collection of `count` solid photos (`solidPhotos`) in a harness, their pixels
/// decoded and drawn.
func pagedPhotoHarness(count: Int) throws -> (harness: ViewerHarness, layout: ImageCollectionLayout) {
    let layout = ImageCollectionLayout(collection: ImageCollection(title: "t", imagePaths: try solidPhotos(count: count)))
    var options = ViewerOptions()
    options.isPaged = true
    let harness = ViewerHarness(layout: layout, options: options)
    // The first frame asked for the images; their decoders answer through the mailbox.
    layout.images.waitForDecodes()
    harness.viewer.setNeedsFrame()
    harness.drawFrame()
    return (harness, layout)
}

/// A document whose estimated heights are far off: section heights are estimated from their
/// bytes, and a list of one-character items is many times taller per byte than prose.
func misestimatedLayout() -> any DocumentContent {
    var text = ""
    for item in 0..<6000 { text += "- \(item % 10)\n" }
    return TextDocument(text: text, isMarkdown: true, title: "list").makeLayout(palette: .light)
}

/// A layout that counts the corrections its layout passes report, around another.
final class CorrectionCountingLayout: DocumentContent {
    let base: any DocumentContent
    private(set) var corrections: [ContentPoint] = []

    init(_ base: any DocumentContent) {
        self.base = base
    }

    var zoomPolicy: ZoomPolicy { base.zoomPolicy }
    func maximumZoomScale(ofPage page: Int) -> Double { base.maximumZoomScale(ofPage: page) }
    var pageBottomInsetPixels: Double {
        get { base.pageBottomInsetPixels }
        set { base.pageBottomInsetPixels = newValue }
    }
    var readableText: (any ReadableLayout)? { base.readableText }
    var accessibleContent: (any AccessibleContent)? { base.accessibleContent }
    var outline: (any OutlineSource)? { base.outline }
    func link(at point: ContentPoint, zoomScale: Double) -> ContentLink? { base.link(at: point, zoomScale: zoomScale) }
    func contentOffset(of location: BlockLocation) -> ContentPoint? { base.contentOffset(of: location) }
    func replaceDocument(with document: any LoadedDocument) -> Bool { base.replaceDocument(with: document) }
    var failure: DocumentError? { base.failure }

    var palette: Palette {
        get { base.palette }
        set { base.palette = newValue }
    }
    var contentSize: ContentSize { base.contentSize }
    var revision: Int { base.revision }
    func changes(since revision: Int) -> ContentChange { base.changes(since: revision) }
    func setViewportSize(width: Double, height: Double) { base.setViewportSize(width: width, height: height) }
    var anchorOffset: ContentPoint { base.anchorOffset }
    var readingAnchor: ReadingAnchor {
        get { base.readingAnchor }
        set { base.readingAnchor = newValue }
    }
    func prepare(_ visible: ContentRect, margin: Double, drawScale: Double) -> ContentPoint {
        let moved = base.prepare(visible, margin: margin, drawScale: drawScale)
        if moved != .zero { corrections.append(moved) }
        return moved
    }
    func draw(_ rect: ContentRect, on cairo: OpaquePointer) { base.draw(rect, on: cairo) }
}
