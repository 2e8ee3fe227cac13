/// Remembers the last single tap, so the next touch can be recognised as its second tap.
struct TapRecognizer: Sendable {
    private var lastTap: Tap?

    /// Whether a finger landing at `point` (px) at `timeMilliseconds` would be the second tap
    /// of a double tap: close enough to the last single tap in place and time.
    func isSecondTap(
        at point: LogicalPoint, timeMilliseconds: Double, configuration: ScrollViewConfiguration
    ) -> Bool {
        guard let lastTap else { return false }
        let dx = point.x - lastTap.location.x
        let dy = point.y - lastTap.location.y
        return timeMilliseconds - lastTap.timeMilliseconds <= configuration.doubleTapIntervalMilliseconds
            && (dx * dx + dy * dy).squareRoot() <= configuration.doubleTapSlopPixels
    }

    /// Records a recognised tap: a single tap may start a double tap; a double tap ends it.
    mutating func record(_ tap: Tap) {
        lastTap = tap.count == 1 ? tap : nil
    }

    /// Forgets the last tap, after a touch that was not one.
    mutating func reset() {
        lastTap = nil
    }
}
