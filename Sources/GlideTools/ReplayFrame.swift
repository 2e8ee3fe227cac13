import ScrollEngine
/// One frame of a replay: every view's state at the frame time and the taps since the last.
public struct ReplayFrame: Sendable, Equatable {
    /// A tap and the view it happened in.
    public struct ViewTap: Sendable, Equatable {
        public var view: Int
        public var tap: Tap
    }

    /// The frame time, in ms.
    public var timeMilliseconds: Double
    /// Each view's frame, top view first.
    public var views: [ScrollFrame]
    /// The taps recognised since the previous frame.
    public var taps: [ViewTap]
    /// Whether this is a `--split` replay, traced with a `views` array.
    public var isSplit: Bool

    /// Whether any view still animates or fades.
    public var needsFrames: Bool { views.contains(where: \.needsFrames) }

    /// The frame as one trace line: the single view's object, or with `--split`
    /// `{"t":…,"views":[…]}`, each view's object with its own taps.
    public var traceLine: String {
        let lines = views.indices.map { index in
            views[index].traceLine(taps: taps.filter { $0.view == index }.map(\.tap))
        }
        guard isSplit else { return lines[0] }
        return "{\"t\":\(ScrollFrame.traceNumber(timeMilliseconds)),\"views\":[" + lines.joined(separator: ",") + "]}"
    }
}
