import CCairo
import DocumentKit

extension DocumentLayout {
    /// Every how many lines a placeholder paragraph ends with a short line: about the length
    /// of a novel's paragraph at 720 px (a guess that only has to look like text).
    static let placeholderParagraphLines = 5

    /// Draws a section whose chapter is still being read as grey bars where its lines will be,
    /// over its estimated height: the reader sees text is coming, not a blank page.
    func drawPlaceholder(ofSection index: Int, clippedTo rect: ContentRect, on cairo: OpaquePointer) {
        let lineHeight = textTypography.bodySizePixels * textTypography.lineSpacing
        guard lineHeight > 0 else { return }
        let sectionTop = top(ofSection: index)
        let bottom = min(sectionTop + height(ofSection: index), rect.maxY)
        let barHeight = (textTypography.bodySizePixels * 0.6).rounded()
        let colour = palette.rule
        cairo_set_source_rgba(cairo, colour.red, colour.green, colour.blue, colour.alpha * 0.45)
        var line = max(0, Int(((rect.y - sectionTop) / lineHeight).rounded(.down)))
        while sectionTop + Double(line) * lineHeight < bottom {
            let isLast = line % DocumentLayout.placeholderParagraphLines == DocumentLayout.placeholderParagraphLines - 1
            let width = column.width * (isLast ? 0.55 : 1)
            let y = sectionTop + Double(line) * lineHeight + (lineHeight - barHeight) / 2
            cairo_rectangle(cairo, column.left, y.rounded(), width.rounded(), barHeight)
            line += 1
        }
        cairo_fill(cairo)
    }
}
