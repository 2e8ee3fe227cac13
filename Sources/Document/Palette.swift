/// The colours a page is drawn with.
public struct Palette: Sendable {
    /// A colour with straight (not premultiplied) components in 0…1.
    public struct Color: Sendable, Equatable {
        public var red, green, blue, alpha: Double

        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// An opaque colour from its 0xRRGGBB value.
        public init(rgb: UInt32) {
            self.init(red: Double((rgb >> 16) & 0xff) / 255, green: Double((rgb >> 8) & 0xff) / 255,
                      blue: Double(rgb & 0xff) / 255)
        }
    }

    public var page: Color
    public var text: Color
    public var secondaryText: Color
    public var codeBackground: Color
    public var rule: Color

    /// Dark text on a warm light page.
    public static let light = Palette(
        page: Color(rgb: 0xFBFAF7), text: Color(rgb: 0x1D1D1F), secondaryText: Color(rgb: 0x5C5C61),
        codeBackground: Color(rgb: 0xEDECE8), rule: Color(rgb: 0xCCC9C4))
}
