/// How an overlay fades after the last thing that showed it: fully visible for a delay, then a
/// linear fade. The one fade model of the window's overlays (the scroll indicators, timed from
/// the content's last movement, and the window controls, from the last touch), both read
/// against the time the frame is drawn at.
public enum OverlayFade {
    /// Opacity, 0 to 1, `elapsedMilliseconds` after the overlay was last shown, for an
    /// overlay that stays for `delayMilliseconds` and then fades over `durationMilliseconds`.
    public static func opacity(
        elapsedMilliseconds: Double, delayMilliseconds: Double, durationMilliseconds: Double
    ) -> Double {
        let fading = elapsedMilliseconds - delayMilliseconds
        guard fading > 0 else { return 1 }
        guard durationMilliseconds > 0, fading < durationMilliseconds else { return 0 }
        return 1 - fading / durationMilliseconds
    }
}
