/// A fixed-layout page's size in CSS px, from `width=…, height=…` (the viewport meta of the
/// page's XHTML, or the package's deprecated `rendition:viewport`).
public struct EPUBViewport: Sendable, Hashable {
    public var widthPixels: Double
    public var heightPixels: Double

    public init(widthPixels: Double, heightPixels: Double) {
        self.widthPixels = widthPixels
        self.heightPixels = heightPixels
    }

    /// Pages beyond 100,000 px on a side are no page a book means (and no surface cairo makes).
    static let maximumSidePixels = 100_000.0

    /// The size in `content` (`width=1200, height=1600`; `,` or `;` between, spaces
    /// anywhere); nil unless both are positive numbers up to `maximumSidePixels`
    /// (`device-width` is no size).
    public init?(parsing content: String) {
        var width: Double?, height: Double?
        for pair in content.split(whereSeparator: { $0 == "," || $0 == ";" }) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = parts[0].trimmingWhitespace().lowercased()
            var value = parts[1].trimmingWhitespace()
            if value.lowercased().hasSuffix("px") { value = value.dropLast(2).trimmingWhitespace() }
            let number = Double(value)
            guard let number, number > 0, number <= EPUBViewport.maximumSidePixels else { continue }
            if key == "width" { width = number }
            if key == "height" { height = number }
        }
        guard let width, let height else { return nil }
        self.init(widthPixels: width, heightPixels: height)
    }
}
