/// The colours a page is drawn with.
public struct Palette: Sendable, Equatable {
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
    /// Link text (also underlined).
    public var link: Color
    /// Whether the page is dark, so overlays (indicators, dots) are drawn light.
    public var isDark: Bool
    /// Night pages: the pages of paged kinds (PDF, DjVu, comics, images, a fixed-layout
    /// book's pictures) render with their lightness inverted and their hue kept
    /// (`NightPixels`), where their pixels are made (issue 26). The dark palette has them: a
    /// glaring white page on a dark window is what `--dark` was asked to end.
    public var nightPages = false

    /// Dark text on a warm light page.
    public static let light = Palette(
        page: Color(rgb: 0xFBFAF7), text: Color(rgb: 0x1D1D1F), secondaryText: Color(rgb: 0x5C5C61),
        codeBackground: Color(rgb: 0xEDECE8), rule: Color(rgb: 0xCCC9C4), link: Color(rgb: 0x0A5FC2),
        isDark: false)

    /// Light text on a near-black page: the text is not pure white, which glares (the grey
    /// levels of Apple's dark system colours: label 0xE5E5EA-ish, background 0x1C1C1E).
    public static let dark = Palette(
        page: Color(rgb: 0x1C1C1E), text: Color(rgb: 0xE3E3E6), secondaryText: Color(rgb: 0xA1A1A8),
        codeBackground: Color(rgb: 0x2C2C2F), rule: Color(rgb: 0x48484C), link: Color(rgb: 0x64A8FF),
        isDark: true, nightPages: true)

    /// The palette of night (`.dark`, night pages on) or of day (`.light`).
    public static func forNight(_ isNight: Bool) -> Palette { isNight ? .dark : .light }
}
