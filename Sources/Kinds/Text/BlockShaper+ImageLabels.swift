import CPangoCairo
import DocumentKit

/// Images that are not loaded, set as their labels: small and muted, as a browser with images
/// off shows an image's alt text, so a README's row of badges is one short line.
extension BlockShaper {
    /// A label's size against the text around it: 0.8, the small print of a caption.
    static let imageLabelScale = 0.8

    /// `styles` in the order their attributes are added: labels last, so their muted colour
    /// wins over the link colour of a link around them (pango lets the attribute added later
    /// win); the link still underlines them, which shows they can be tapped.
    static func labelsLast(_ styles: [InlineStyle]) -> [InlineStyle] {
        styles.filter { !$0.isImageLabel } + styles.filter(\.isImageLabel)
    }

    /// The spaces between two labels, at the labels' size: a line holding only badges is as
    /// tall as the labels, not as a line of body text, and the gaps between them are in
    /// proportion.
    static func gapsBetweenLabels(in styles: [InlineStyle], of text: String) -> [Range<Int>] {
        let labels = styles.filter(\.isImageLabel).map(\.utf8Range).sorted { $0.lowerBound < $1.lowerBound }
        guard labels.count > 1 else { return [] }
        let utf8 = text.utf8
        var gaps: [Range<Int>] = []
        for (left, right) in zip(labels, labels.dropFirst()) where left.upperBound < right.lowerBound {
            guard let start = utf8.index(utf8.startIndex, offsetBy: left.upperBound, limitedBy: utf8.endIndex),
                  let end = utf8.index(utf8.startIndex, offsetBy: right.lowerBound, limitedBy: utf8.endIndex),
                  utf8[start..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
            gaps.append(left.upperBound..<right.lowerBound)
        }
        return gaps
    }

    /// The scale attributes of `gaps`.
    static func labelGapAttributes(_ gaps: [Range<Int>]) -> [(UnsafeMutablePointer<PangoAttribute>?, Range<Int>)] {
        gaps.map { (pango_attr_scale_new(imageLabelScale), $0) }
    }
}

extension InlineStyle {
    var isImageLabel: Bool {
        if case .imageLabel = kind { return true }
        return false
    }
}
