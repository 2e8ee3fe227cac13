import TextKind

/// What one page of a fixed-layout book holds, read on a worker: its declared size and its
/// document's blocks.
struct FixedLayoutPage: Sendable {
    /// The page's size in CSS px (its viewport meta, else the package's), nil when neither
    /// gives one.
    var viewport: EPUBViewport?
    var blocks: [Block]

    /// The one image the page shows and nothing else (a comic's or a picture book's page,
    /// the common fixed layout), which is drawn over the whole page; nil for a page with text.
    var fillingImage: String? {
        var image: String?
        for block in blocks {
            if case .image(let source, _) = block.kind {
                guard image == nil else { return nil }
                image = source
            } else if block.kind != .chapterBreak, !block.text.allSatisfy(\.isWhitespace) {
                return nil
            }
        }
        return image
    }

    /// Reads page `index` of `chapters` (its document's head for the viewport, then the whole
    /// document): on a worker.
    static func read(_ index: Int, of chapters: EPUBChapters, package: EPUBPackage) -> FixedLayoutPage {
        let viewport = package.viewport(of: package.spine[index], in: chapters.archive)
        return FixedLayoutPage(viewport: viewport, blocks: chapters.blocks(ofChapter: index))
    }
}
