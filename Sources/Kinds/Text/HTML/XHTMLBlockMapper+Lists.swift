extension XHTMLBlockMapper {
    /// A list one level deeper: each item's first block starts with its bullet or number
    /// (`start` and `value` as HTML gives them).
    mutating func visitList(_ node: HTMLNode, isOrdered: Bool) {
        guard !isInCell else { return visitBlock(node, name: "ul") }
        finishBlock()
        listDepth += 1
        var number = node.attribute("start").flatMap { Int($0.trimmingHTMLSpace) } ?? 1
        nested { mapper in
            for child in node.children {
                guard child.elementName == "li" else {
                    mapper.visit(child)
                    continue
                }
                let style = mapper.isBook ? mapper.bookStyle(of: child, name: "li") : nil
                if let style, !XHTMLBlockMapper.isShownInBook(child, style: style) { continue }
                if let value = child.attribute("value").flatMap({ Int($0.trimmingHTMLSpace) }) { number = value }
                // The item's id marks its first block (cmark-gfm's footnotes, a book's endnotes).
                if let id = child.attribute("id"), !id.isEmpty { mapper.pendingAnchors.append(mapper.anchor(ofID: id)) }
                let listStyle = style?.listStyle ?? (isOrdered ? .decimal : .disc)
                let marker = listStyle.marker(number) ?? ""
                if let style {
                    mapper.styled(child, name: "li", style) { mapper in
                        if XHTMLBlockMapper.isNote(child) {
                            mapper.visitNote { $0.visitListItem(child, marker: marker) }
                        } else {
                            mapper.visitListItem(child, marker: marker)
                        }
                    }
                } else {
                    mapper.visitListItem(child, marker: marker)
                }
                number = number &+ 1
            }
        }
        listDepth -= 1
    }

    /// A list item: a checkbox that starts it (a task list's) is its marker, as a ballot box.
    mutating func visitListItem(_ node: HTMLNode, marker: String) {
        guard !isInCell else { return visitBlock(node, name: "li") }
        finishBlock()
        let first = node.children.first { $0.elementName != nil || !($0.text ?? "").allSatisfy(\.isHTMLSpace) }
        var skipped: HTMLNode?
        if let first, first.elementName == "input", first.attribute("type")?.lowercased() == "checkbox" {
            // Ballot boxes: U+2610 and U+2612, in DejaVu Sans and Noto.
            pendingMarker = first.attribute("checked") != nil ? "☒ " : "☐ "
            skipped = first
        } else {
            pendingMarker = marker
        }
        nested { mapper in
            for child in node.children where child.pointer != skipped?.pointer { mapper.visit(child) }
        }
        finishBlock()
        if pendingMarker?.isEmpty == true { pendingMarker = nil }
        // An empty item still shows its marker (one with none shows nothing).
        if let marker = pendingMarker, !marker.isEmpty {
            pendingMarker = nil
            append(Block(kind: paragraphKind, text: String(marker.dropLast())))
        }
    }
}
