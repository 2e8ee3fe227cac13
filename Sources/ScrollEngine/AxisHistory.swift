/// The recent scroll deltas along one axis, for the touchpad fling after `axis_stop`.
///
/// A fixed ring, so adding never allocates: 20 samples, as the touch velocity tracker keeps,
/// cover the 150 ms window at touchpad rates up to 133 Hz; a faster pad keeps its last 20,
/// whose mean velocity is just as right. (The ring is small because the scroll view is copied
/// whenever the app reads it.) The velocity is libadwaita's (adw-swipe-tracker.c): the sum of the
/// deltas in the window divided by the time they span, leaving out the oldest sample's delta,
/// which was travelled before the span began (GTK's scroll controller counts it, and so
/// overestimates short swipes).
struct AxisHistory: Sendable {
    static let capacity = 20

    private struct Sample {
        var timeMilliseconds: Double
        var delta: Double
    }

    private var samples = InlineArray<20, Sample>(repeating: Sample(timeMilliseconds: 0, delta: 0))
    private var newestIndex = 0
    private var count = 0

    /// Forgets every sample.
    mutating func reset() {
        count = 0
    }

    /// Records that the content moved `delta` px at `timeMilliseconds`.
    mutating func add(delta: Double, timeMilliseconds: Double) {
        newestIndex = count == 0 ? 0 : (newestIndex + 1) % Self.capacity
        samples[newestIndex] = Sample(timeMilliseconds: timeMilliseconds, delta: delta)
        count = min(count + 1, Self.capacity)
    }

    /// The velocity in px/s at a stop at `stopMilliseconds`, from the samples no older than
    /// `windowMilliseconds` before it; zero unless two samples at different times are in it.
    func velocity(stopMilliseconds: Double, windowMilliseconds: Double) -> Double {
        guard count > 0 else { return 0 }
        let newestTime = samples[newestIndex].timeMilliseconds
        var oldestTime = newestTime
        var sum = 0.0
        var index = newestIndex
        for _ in 0..<count {
            let sample = samples[index]
            guard stopMilliseconds - sample.timeMilliseconds <= windowMilliseconds else { break }
            // The previous (newer) sample's delta was travelled since this one.
            if index != newestIndex { sum += samples[(index + 1) % Self.capacity].delta }
            oldestTime = sample.timeMilliseconds
            index = (index + Self.capacity - 1) % Self.capacity
        }
        guard newestTime > oldestTime else { return 0 }
        return sum / (newestTime - oldestTime) * 1000
    }
}
