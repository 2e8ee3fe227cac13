import DocumentKit

extension XHTMLBlockMapper {
    /// Image types a `<picture>`'s `<source type>` may name that Glide decodes.
    private static let shownImageTypes: Set<String> = [
        "image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/svg+xml", "image/bmp", "image/tiff",
    ]

    /// An `<img>`: one that is not loaded stays in the line as its label (a row of badges stays
    /// a row); a loadable one in a heading (a logo) stays in the line as itself; any other is a
    /// block of its own at its requested size (unless `keepsRequestedSize` is false) and
    /// alignment, where it stands in the text. A book's images are those its references
    /// resolve, and no other.
    mutating func appendImage(_ node: HTMLNode, source rawSource: String, keepsRequestedSize: Bool = true) {
        let written = rawSource.trimmingHTMLSpace
        let alternative = node.attribute("alt") ?? node.attribute("title") ?? ""
        guard !written.isEmpty else {
            if !alternative.isEmpty { inline.append(collapsing: alternative) }
            return
        }
        guard let source = loadableSource(written) else {
            inline.openStyle(.imageLabel(source: written))
            inline.append(verbatim: ImageReference.label(source: written, alternative: alternative))
            inline.closeStyle()
            return
        }
        if case .heading = leafKind {
            inline.openStyle(.inlineImage(source: source))
            inline.append(verbatim: "\u{FFFC}")
            inline.closeStyle()
            return
        }
        var image = Block(kind: .image(source: source), text: alternative.trimmingHTMLSpace)
        // An image that asks for no side, in a block that does not either, is centred as
        // Markdown's images are; `align="left"` (Foliate's icon) sets it at the left.
        image.alignment = HTMLElements.alignment(of: node) ?? (alignment == .leading ? .center : alignment)
        let width = HTMLElements.length(node.attribute("width"))
        let height = HTMLElements.length(node.attribute("height")).flatMap { $0.isPercent ? nil : $0.value }
        if keepsRequestedSize, width != nil || height != nil {
            image.imageSize = RequestedImageSize(width: width?.value, height: height, widthIsPercent: width?.isPercent ?? false)
        }
        if isInCell {
            deferredImages.append(image)
            return
        }
        let kind = leafKind
        finishBlock()
        append(image)
        leafKind = kind
    }

    /// A `<picture>`: the first `<source>` whose image can be shown (its type one Glide
    /// decodes, its file inside the document's folder), else its `<img>`, with the `<img>`'s
    /// size and description either way. A source for dark mode only
    /// (`media="(prefers-color-scheme: dark)"`) is passed over for a light page and kept as the
    /// image block's `darkSource`, which a dark page shows instead, as GitHub does.
    mutating func appendPicture(_ node: HTMLNode) {
        // libxml2 knows no `<source>`, so it holds the elements after it, the next source and
        // the `<img>` among them, as its children: the picture's parts are its descendants.
        var sources: [HTMLNode] = []
        var image: HTMLNode?
        var level = node.elementChildren
        for _ in 0..<MarkdownParser.maximumNestingDepth where image == nil && !level.isEmpty {
            sources += level.filter { $0.elementName == "source" }
            image = level.first { $0.elementName == "img" }
            level = level.filter { $0.elementName == "source" }.flatMap(\.elementChildren)
        }
        guard let image else { return visitChildren(of: node) }
        let references = self.references
        let shown = sources.compactMap { source -> (source: String, isForDarkPages: Bool)? in
            if let type = source.attribute("type")?.trimmingHTMLSpace.lowercased(), !type.isEmpty,
               !Self.shownImageTypes.contains(type) {
                return nil
            }
            guard let first = XHTMLBlockMapper.firstCandidate(of: source.attribute("srcset") ?? source.attribute("src") ?? ""),
                  XHTMLBlockMapper.loadableSource(first, references: references) != nil else { return nil }
            let media = source.attribute("media")?.lowercased() ?? ""
            return (first, media.contains("dark"))
        }
        let light = shown.first { !$0.isForDarkPages }?.source
        let dark = shown.first { $0.isForDarkPages }?.source
        let count = blocks.count
        appendImage(image, source: light ?? image.attribute("src") ?? "")
        // The dark source goes with the image block the picture became, if it became one (not
        // a label, a logo in a heading's line, or an image waiting for the end of a table).
        if let dark, blocks.count > count, case .image(let source, nil) = blocks[blocks.count - 1].kind {
            blocks[blocks.count - 1].kind = .image(source: source, darkSource: loadableSource(dark))
        }
    }

    /// The source an image written as `source` is read from: in a book, what its references
    /// resolve it to; else `source` itself if it stays inside the document's folder.
    func loadableSource(_ source: String) -> String? {
        XHTMLBlockMapper.loadableSource(source, references: references)
    }

    static func loadableSource(_ source: String, references: (any MarkupReferences)?) -> String? {
        if let references { return references.imageSource(source) }
        return ImageReference.isLoadable(source) ? source : nil
    }

    /// The first URL of a `srcset` (`a.png 1x, b.png 2x`).
    static func firstCandidate(of sourceSet: String) -> String? {
        let first = sourceSet.split(separator: ",", maxSplits: 1).first.map(String.init)?.trimmingHTMLSpace ?? ""
        let url = first.split(whereSeparator: \.isHTMLSpace).first.map(String.init) ?? ""
        return url.isEmpty ? nil : url
    }
}
