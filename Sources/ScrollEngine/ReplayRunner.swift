/// Runs a replay script through a scroll view and reports the state at every frame.
public enum ReplayRunner {
    /// How long past the last input and `--until` a replay may step, in ms, if the scroll view
    /// never comes to rest; the engine's own bound is seconds, so reaching it is a bug.
    public static let stepLimitMilliseconds = 600_000.0

    /// Feeds `inputs` (in time order) to a scroll view made from `options` and calls `emit`
    /// with the frame at every frame time.
    ///
    /// Frames fall every 1000/`framesPerSecond` ms from the first input's time; each frame
    /// first applies the inputs at or before it. Without any `touch-frame` input, every touch
    /// event is its own touch frame. It stops at the first frame after the last input, at or
    /// after `untilMilliseconds`, at which the scroll view is at rest; or, when the script
    /// leaves a finger down, at which nothing moves (it would never rest).
    public static func run(
        _ inputs: [ReplayInput], options: ReplayOptions, emit: (ScrollFrame) -> Void
    ) {
        var scrollView = options.makeScrollView()
        let hasTouchFrames = inputs.contains { $0.event == .touchFrame }
        let start = inputs.first?.timeMilliseconds ?? 0
        let interval = 1000 / options.framesPerSecond
        let until = options.untilMilliseconds ?? -Double.infinity
        let limit = max(inputs.last?.timeMilliseconds ?? start, until) + stepLimitMilliseconds
        var nextInput = 0
        var hasOpenTouchFrame = false
        var frameIndex = 0.0
        while true {
            let frameTime = start + frameIndex * interval
            while nextInput < inputs.count, inputs[nextInput].timeMilliseconds <= frameTime {
                let input = inputs[nextInput]
                apply(input, to: &scrollView)
                hasOpenTouchFrame = input.event.isGroupedTouchEvent
                    || (hasOpenTouchFrame && input.event != .touchFrame)
                if !hasTouchFrames && input.event.isGroupedTouchEvent {
                    scrollView.touchFrame()
                    hasOpenTouchFrame = false
                }
                nextInput += 1
            }
            if nextInput == inputs.count && hasOpenTouchFrame {
                // A script may end without its last touch-frame, as some compositors do.
                scrollView.touchFrame()
                hasOpenTouchFrame = false
            }
            scrollView.advance(to: frameTime)
            let frame = scrollView.frame
            emit(frame)
            let isFinished = nextInput == inputs.count && frameTime >= until && !frame.needsFrames
            if isFinished || frameTime >= limit { return }
            frameIndex += 1
        }
    }

    private static func apply(_ input: ReplayInput, to scrollView: inout ScrollView) {
        let time = input.timeMilliseconds
        switch input.event {
        case .touchDown(let id, let point):
            scrollView.touchDown(id: id, at: point, timeMilliseconds: time)
        case .touchMotion(let id, let point):
            scrollView.touchMotion(id: id, to: point, timeMilliseconds: time)
        case .touchUp(let id):
            scrollView.touchUp(id: id, timeMilliseconds: time)
        case .touchCancel:
            scrollView.touchCancel(timeMilliseconds: time)
        case .touchFrame:
            scrollView.advance(to: time)
            scrollView.touchFrame()
        case .resize(let size):
            scrollView.resize(to: size, timeMilliseconds: time)
        }
    }
}
