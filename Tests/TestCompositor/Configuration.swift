/// Which optional globals a test compositor offers, so that a test can play a compositor with
/// or without a feature: Sway offers xdg-decoration, mutter and weston do not; no Debian 12
/// compositor offers fractional scaling (reference/wayland-clients.md §0).
///
/// ```swift
/// let mutterLike = try TestCompositor(configuration: .init(optionalGlobals: [.viewporter, .presentation, .pointerGestures]))
/// ```
public struct Configuration: Sendable {
    /// The optional globals a test compositor can offer.
    public struct OptionalGlobals: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// `zxdg_decoration_manager_v1`: the compositor draws the window's decorations.
        public static let decorationManager = OptionalGlobals(rawValue: 1 << 0)
        /// `wp_fractional_scale_manager_v1`: a preferred scale in 120ths per surface.
        public static let fractionalScaleManager = OptionalGlobals(rawValue: 1 << 1)
        /// `wp_viewporter`: crop and scale (fractional scaling needs it too).
        public static let viewporter = OptionalGlobals(rawValue: 1 << 2)
        /// `wp_presentation`: when each commit was shown.
        public static let presentation = OptionalGlobals(rawValue: 1 << 3)
        /// `zwp_pointer_gestures_v1`: touchpad pinch and hold.
        public static let pointerGestures = OptionalGlobals(rawValue: 1 << 4)

        /// What Sway 1.7 offers: all but fractional scaling.
        public static let swayLike: OptionalGlobals = [.decorationManager, .viewporter, .presentation, .pointerGestures]
        /// What mutter 43 offers: no xdg-decoration, so clients draw their own decorations.
        public static let mutterLike: OptionalGlobals = [.viewporter, .presentation, .pointerGestures]
        public static let all: OptionalGlobals = [.decorationManager, .fractionalScaleManager, .viewporter,
                                                  .presentation, .pointerGestures]
    }

    /// The optional globals offered; Sway's set by default.
    public var optionalGlobals: OptionalGlobals
    /// The decoration mode the decoration manager answers with, whatever the client asks:
    /// Sway forces server-side for tiled windows.
    public var decorationMode: DecorationMode
    /// The fractional scale sent to each `wp_fractional_scale_v1` when it is made, in 120ths
    /// (180 is 1.5); nil sends none until the test sets one.
    public var preferredFractionalScale: UInt32?

    public init(optionalGlobals: OptionalGlobals = .swayLike, decorationMode: DecorationMode = .serverSide,
                preferredFractionalScale: UInt32? = nil) {
        self.optionalGlobals = optionalGlobals
        self.decorationMode = decorationMode
        self.preferredFractionalScale = preferredFractionalScale
    }
}
