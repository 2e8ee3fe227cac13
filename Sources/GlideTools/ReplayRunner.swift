import ScrollEngine
/// Runs a replay script through a scroll scene and reports the state at every frame.
public enum ReplayRunner {
    /// How long past the last input and `--until` a replay may step, in ms, if the scroll view
    /// never comes to rest; the engine's own bound is seconds, so reaching it is a bug.
    public static let stepLimitMilliseconds = 600_000.0

    /// Feeds `inputs` (in time order) to the scene made from `options` and calls `emit` with
    /// the frame at every frame time.
    ///
    /// Frames fall every 1000/`framesPerSecond` ms from the first input's time; each frame
    /// first applies the inputs at or before it. Without any `touch-frame` input, every touch
    /// event is its own touch frame. It stops at the first frame after the last input, at or
    /// after `untilMilliseconds`, at which nothing needs frames: every view at rest or, when
    /// the script leaves fingers down (on the screen or the touchpad), holding still.
    public static func run(
        _ inputs: [ReplayInput], options: ReplayOptions, emit: (ReplayFrame) -> Void
    ) {
        var scene = options.makeScene()
        let hasTouchFrames = inputs.contains { $0.event == .touchFrame }
        let start = inputs.first?.timeMilliseconds ?? 0
        let interval = 1000 / options.framesPerSecond
        let until = options.untilMilliseconds ?? -Double.infinity
        let limit = max(inputs.last?.timeMilliseconds ?? start, until) + stepLimitMilliseconds
        var nextInput = 0
        var hasOpenTouchFrame = false
        var taps: [ReplayFrame.ViewTap] = []
        var frameIndex = 0.0
        func endTouchFrame() {
            scene.touchFrame { view, tap in taps.append(ReplayFrame.ViewTap(view: view, tap: tap)) }
            hasOpenTouchFrame = false
        }
        while true {
            let frameTime = start + frameIndex * interval
            while nextInput < inputs.count, inputs[nextInput].timeMilliseconds <= frameTime {
                let input = inputs[nextInput]
                if input.event == .touchFrame {
                    scene.advance(to: input.timeMilliseconds)
                    endTouchFrame()
                } else {
                    apply(input, to: &scene, options: options)
                    hasOpenTouchFrame = hasOpenTouchFrame || input.event.isGroupedTouchEvent
                    if !hasTouchFrames && input.event.isGroupedTouchEvent { endTouchFrame() }
                }
                nextInput += 1
            }
            // A script may end without its last touch-frame, as some compositors do.
            if nextInput == inputs.count && hasOpenTouchFrame { endTouchFrame() }
            scene.advance(to: frameTime)
            let frame = ReplayFrame(
                timeMilliseconds: frameTime, views: scene.views.map(\.frame), taps: taps,
                isSplit: options.isSplit)
            taps.removeAll()
            emit(frame)
            let isFinished = nextInput == inputs.count && frameTime >= until && !frame.needsFrames
            if isFinished || frameTime >= limit { return }
            frameIndex += 1
        }
    }

    private static func apply(_ input: ReplayInput, to scene: inout ScrollScene, options: ReplayOptions) {
        let time = input.timeMilliseconds
        switch input.event {
        case .scene(let sceneInput):
            scene.apply(sceneInput, timeMilliseconds: time)
        case .resize(let size):
            let rects = options.viewRects(in: size)
            for index in rects.indices {
                scene.setRect(rects[index], ofView: index, timeMilliseconds: time)
                if index > 0 {
                    scene[index].setContentSize(options.pagedContentSize(rects[index].size), timeMilliseconds: time)
                }
            }
        }
    }
}
