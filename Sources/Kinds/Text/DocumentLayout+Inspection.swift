import DocumentKit

/// Reading back where text was placed: for tests (`@testable`) and diagnostics.
extension DocumentLayout {
    /// The content y of the top of the first laid-out block whose text starts with `prefix`.
    func position(ofBlockStarting prefix: String) -> Double? {
        for (index, section) in shapedSections {
            if let block = section.blocks.first(where: { $0.block.text.hasPrefix(prefix) }) {
                return top(ofSection: index) + block.top
            }
        }
        return nil
    }

    /// The text of the first laid-out block whose top is at or below `y`.
    func firstBlockText(below y: Double) -> String? {
        shapedSections.lazy.flatMap { index, section in
            section.blocks.map { (self.top(ofSection: index) + $0.top, $0.block.text) }
        }.filter { $0.0 >= y }.min { $0.0 < $1.0 }?.1
    }

    /// Every laid-out line's extent in content coordinates, page gaps included.
    func lineExtents() -> [(top: Double, bottom: Double)] {
        shapedSections.flatMap { index, section in
            section.blocks.flatMap { item in
                item.layout.lines.indices.map { number in
                    let extent = item.extent(ofLine: number), sectionTop = self.top(ofSection: index)
                    return (sectionTop + extent.top, sectionTop + extent.bottom)
                }
            }
        }
    }

    /// The texts of the laid-out blocks with a line on page `page` (paging mode), in order.
    func blockTexts(onPage page: Int) -> [String] {
        let band = Double(page) * viewportHeight..<Double(page + 1) * viewportHeight
        return shapedSections.flatMap { index, section in
            section.blocks.filter { item in
                item.layout.lines.indices.contains { band.contains(self.top(ofSection: index) + item.extent(ofLine: $0).top) }
            }.map(\.block.text)
        }
    }
}
