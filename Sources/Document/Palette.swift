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
    }

    public var page: Color
    public var text: Color
    public var secondaryText: Color
    public var codeBackground: Color
    public var rule: Color

    /// Dark text on a warm light page.
    public static let light = Palette(
        page: Color(red: 0.984, green: 0.980, blue: 0.969),
        text: Color(red: 0.114, green: 0.114, blue: 0.122),
        secondaryText: Color(red: 0.36, green: 0.36, blue: 0.38),
        codeBackground: Color(red: 0.93, green: 0.925, blue: 0.91),
        rule: Color(red: 0.80, green: 0.79, blue: 0.77))

    /// Light text on a near-black page.
    public static let dark = Palette(
        page: Color(red: 0.110, green: 0.110, blue: 0.118),
        text: Color(red: 0.90, green: 0.89, blue: 0.87),
        secondaryText: Color(red: 0.66, green: 0.66, blue: 0.68),
        codeBackground: Color(red: 0.17, green: 0.17, blue: 0.18),
        rule: Color(red: 0.30, green: 0.30, blue: 0.32))
}
