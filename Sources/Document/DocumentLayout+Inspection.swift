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
                item.layout.lines.enumerated().map { number, line in
                    let top = self.top(ofSection: index) + item.top + item.layout.inset + line.top + item.shift(ofLine: number)
                    return (top, top + line.bottom - line.top)
                }
            }
        }
    }
}
