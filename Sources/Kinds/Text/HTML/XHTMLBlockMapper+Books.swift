/// What a book's chapter means beyond HTML inside Markdown: its CSS, `hidden`, EPUB's content switches and page markers, pictures drawn in
/// SVG, MathML's text, captions and definition lists.
extension XHTMLBlockMapper {
    /// A book's element: left out when `hidden` or its CSS's `display: none` hides it or it
    /// marks a printed page, a note where `epub:type` or `role` says so, else what it means,
    /// styled as its CSS asks (`styled`).
    mutating func visitInBook(_ node: HTMLNode, name: String) {
        let style = bookStyle(of: node, name: name)
        guard XHTMLBlockMapper.isShownInBook(node, style: style) else { return }
        styled(node, name: name, style) { mapper in
            if name == "switch" {
                // EPUB's `<epub:switch>`: what a reading system without the cases' markup shows.
                for child in node.elementChildren where child.elementName == "default" { mapper.visitChildren(of: child) }
            } else if XHTMLBlockMapper.noteElements.contains(name), XHTMLBlockMapper.isNote(node) {
                mapper.visitNote { $0.visitElement(node, name: name) }
            } else if style.display == .inline, XHTMLBlockMapper.inlineableBlocks.contains(name) {
                mapper.visitChildren(of: node)
            } else {
                mapper.visitElement(node, name: name)
            }
        }
    }

    /// Whether a book shows `node`, whose CSS computes to `style`: not when `hidden` or
    /// `display: none` hides it, nor when it marks a printed edition's page
    /// (`epub:type="pagebreak"`), whose number is not the book's text (its id stays an anchor).
    static func isShownInBook(_ node: HTMLNode, style: BookElementStyle) -> Bool {
        style.display != BookElementStyle.Display.none && node.attribute("hidden") == nil
            && !node.epubTypes.contains("pagebreak") && !node.roles.contains("doc-pagebreak")
    }

    /// What a book shows of elements HTML inside Markdown hides: the images an SVG picture
    /// draws (a cover is often one `<image>` in an `<svg>`), and a formula's text (MathML's
    /// `alttext`, else its tokens in a line).
    mutating func visitHiddenInBook(_ node: HTMLNode, name: String) {
        switch name {
        case "svg":
            var level = node.elementChildren
            for _ in 0..<MarkdownParser.maximumNestingDepth where !level.isEmpty {
                for image in level where image.elementName == "image" {
                    let source = image.attribute("href", namespace: HTMLNode.xlinkNamespace, prefix: "xlink")
                        ?? image.attribute("href") ?? ""
                    // Its width and height are the drawing's units, not px: the image keeps its own.
                    appendImage(image, source: source, keepsRequestedSize: false)
                }
                level = level.flatMap(\.elementChildren)
            }
        case "math":
            if let text = node.attribute("alttext"), !text.trimmingHTMLSpace.isEmpty {
                inline.append(collapsing: text)
            } else {
                visitFormula(node)
            }
        default:
            break
        }
    }

    /// A formula's text: its tokens in order, without the annotations (TeX source, content
    /// markup) that repeat it.
    private mutating func visitFormula(_ node: HTMLNode) {
        nested { mapper in
            for child in node.children {
                if let name = child.elementName {
                    if name != "annotation", name != "annotation-xml" { mapper.visitFormula(child) }
                } else if let text = child.text?.trimmingHTMLSpace, !text.isEmpty {
                    // White space between MathML's elements means nothing; a token's is trimmed.
                    mapper.inline.append(verbatim: text)
                }
            }
        }
    }

    /// A figure's caption (`<figcaption>`, a table's `<caption>`): smaller, muted, centred
    /// unless it asks for a side.
    mutating func visitCaption(_ node: HTMLNode) {
        guard !isInCell else { return visitBlock(node, name: "figcaption") }
        finishBlock()
        let outerKind = paragraphKind, outerAlignment = alignment
        paragraphKind = .caption
        leafKind = .caption
        alignment = HTMLElements.alignment(of: node) ?? .center
        visitChildren(of: node)
        finishBlock()
        paragraphKind = outerKind
        leafKind = outerKind
        alignment = outerAlignment
    }

    /// A definition list's term (`<dt>`): bold, as readers set it.
    mutating func visitTerm(_ node: HTMLNode) {
        guard !isInCell else { return visitBlock(node, name: "dt") }
        finishBlock()
        inline.openStyle(.strong)
        visitBlock(node, name: "dt")
        inline.closeStyle()
    }

    /// A definition (`<dd>`): indented one step under its term, as a browser sets it.
    mutating func visitDefinition(_ node: HTMLNode) {
        guard !isInCell else { return visitBlock(node, name: "dd") }
        listDepth += 1
        visitBlock(node, name: "dd")
        listDepth -= 1
    }
}
