import DocumentKit
import Localization

extension XHTMLBlockMapper {
    /// What a `<details>` with no `<summary>` is shown as, as browsers do.
    static var defaultSummaryText: String { localized("Details") }

    /// A `<details>`: its summary (or "Details") as blocks that open and close it, then its
    /// body, numbered in the order the disclosures open (`DisclosurePlace`), closed until
    /// toggled unless it has `open`. Inside a table cell, where nothing opens, its text is shown.
    mutating func visitDisclosure(_ node: HTMLNode) {
        // Its summary and body are set apart by a space, as blocks in a cell are.
        guard !isInCell else { return visitBlock(node, name: "details") }
        finishBlock()
        let number = disclosureCount
        disclosureCount += 1
        if node.attribute("open") != nil { disclosuresOpenAtStart.insert(number) }
        let summary = node.elementChildren.first { $0.elementName == "summary" }
        nested { mapper in
            mapper.summaryOf = number
            if let summary {
                mapper.visitChildren(of: summary)
                mapper.finishBlock()
            }
            if mapper.blocks.last?.disclosure?.summaryOf != number {
                mapper.append(Block(kind: .paragraph, text: XHTMLBlockMapper.defaultSummaryText))
            }
            mapper.summaryOf = nil
            mapper.disclosureBodies.append(number)
            for child in node.children where child.pointer != summary?.pointer { mapper.visit(child) }
            mapper.finishBlock()
            mapper.disclosureBodies.removeLast()
        }
    }
}
