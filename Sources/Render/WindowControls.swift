import ScrollEngine

/// Touch controls for windows whose decorations libdecor draws: its title bar answers only
/// the pointer, so a finger needs another way to move and close the window. A touch anywhere
/// reveals a grab handle (top centre: drag it to move the window), a close button (top
/// right) and, two targets left of it past the find button, an Open… button (the desktop's
/// file chooser, as Ctrl+O); they fade out like the scroll indicators.
public struct WindowControls: Sendable {
    /// Side of the close button's round target in logical px (the 44 pt touch target of
    /// Apple's Human Interface Guidelines, drawn smaller inside it).
    public var targetSizePixels = 44.0
    /// Radius of the drawn close button in logical px.
    public var closeRadiusPixels = 13.0
    /// The drawn handle's size in logical px (after the iOS sheet grabber, 36×5).
    public var handleWidthPixels = 36.0
    public var handleHeightPixels = 5.0
    /// How long the controls stay after the last touch, and how long they take to fade, in ms
    /// (the indicators' 1200 ms delay doubled, as these are read, not glanced at; the fade
    /// is the indicators' 250 ms).
    public var visibleMilliseconds = 2500.0
    public var fadeMilliseconds = 250.0

    public init() {}

    /// What a point hits.
    public enum Target: Equatable, Sendable {
        case close
        case moveHandle
        case open
    }

    /// The control under `(x, y)` in a window `width` logical px wide, if any.
    public func target(atX x: Double, y: Double, windowWidth width: Double) -> Target? {
        let target = targetSizePixels
        if y < target, x > width - target { return .close }
        if y < target, abs(x - openCenter(windowWidth: width).x) <= target / 2 { return .open }
        if y < target, abs(x - width / 2) < max(target, handleWidthPixels) { return .moveHandle }
        return nil
    }

    /// Opacity `elapsedMilliseconds` after the last touch: the overlays' one fade model.
    public func opacity(elapsedMilliseconds: Double) -> Double {
        OverlayFade.opacity(elapsedMilliseconds: elapsedMilliseconds, delayMilliseconds: visibleMilliseconds,
                            durationMilliseconds: fadeMilliseconds)
    }

    /// The centre of the close button.
    func closeCenter(windowWidth width: Double) -> (x: Double, y: Double) {
        (width - targetSizePixels / 2, targetSizePixels / 2)
    }

    /// The centre of the Open… button: the third 44 px target from the right, after the close
    /// button and the reading tools' find button (`ReadingOverlayGeometry.findButtonCenter`),
    /// in the same place whether or not the document can be searched.
    public func openCenter(windowWidth width: Double) -> (x: Double, y: Double) {
        (width - targetSizePixels * 2.5, targetSizePixels / 2)
    }
}
