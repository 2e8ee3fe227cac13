import ScrollPhysics

/// A two-finger turn of the pages: two fingers on a touchscreen whose angle turns, or a
/// touchpad pinch whose rotation (`zwp_pointer_gesture_pinch_v1.update`, degrees clockwise
/// since the last update) adds up. While it turns, `tiltDegrees` is how far, for the pages to
/// be drawn turned with the fingers; when a finger lifts it ends in the nearest quarter turn.
///
/// The same two fingers pinch to zoom, so the turn and the zoom never share a gesture: the
/// first to pass its threshold takes it. A turn engages once the fingers have turned
/// `engageAngleDegrees` while their span is within `zoomSpanRatio` of where it began; a span
/// past that first makes the gesture a zoom that never turns. A zoom's fingers wobble by a few
/// degrees, well short of the threshold, and a turning hand keeps its span within ±10 %, well
/// short of the zoom's (Mapbox's gesture detector decides between its rotate and scale
/// gestures the same way: whichever first passes its threshold, 15.3° for rotation). Once a
/// turn engages, the caller gives the zoom back (`began`): the page turns at its size.
///
/// Pure: events in, no clock. Touch events take effect at the touch frame, as the scroll
/// view's do; a touchpad pinch's at each update.
public struct RotationGesture: Sendable {
    public enum Phase: Sendable, Equatable {
        /// Fewer than two fingers down, or no pinch.
        case idle
        /// Two fingers down, neither threshold passed yet.
        case watching
        /// The zoom took the gesture (or its pair broke before it turned): it never turns.
        case declined
        /// The pages turn with the fingers.
        case turning
        /// The turn ended; the fingers still down are waited out and do nothing.
        case ended
    }

    /// What the caller acts on.
    public enum Event: Sendable, Equatable {
        /// The turn took the gesture: give the zoom back; the fingers are the turn's until
        /// they all lift.
        case began
        /// The fingers lifted: turn the pages by `quarterTurns` (clockwise, may be 0).
        case ended(quarterTurns: Int)
        /// The compositor took the fingers away (`wl_touch.cancel`, a cancelled pinch): no turn.
        case cancelled
    }

    /// How far the fingers must turn before the gesture is a turn, in degrees: Mapbox's
    /// rotate detector's `angleThreshold` (mapbox-gestures-android, AndroidGesturesManager).
    public static let engageAngleDegrees = 15.3
    /// How far the span may grow (or shrink, by its inverse) before the gesture is a zoom:
    /// 25 %, a third of the way to a deliberate doubling, more than a turning hand changes it.
    public static let zoomSpanRatio = 1.25
    /// Past how many degrees beyond a quarter turn the pages land on the next one: half of
    /// one, so they land on the quarter turn nearest to what was shown as the fingers lifted.
    /// Okular (part/pageview.cpp) turns at 80° while the fingers are down, because it shows
    /// nothing until then; the page turned live shows where it will land.
    public static let snapAngleDegrees = 45.0

    public private(set) var phase = Phase.idle
    /// How far the fingers turned clockwise since the two landed (or the pinch began), in
    /// degrees; beyond ±180 as they go on turning.
    public private(set) var angleDegrees = 0.0
    /// The span since the start, as a ratio (1 unchanged).
    public private(set) var spanRatio = 1.0

    /// The fingers down, in landing order: the first two are the turn's.
    private var fingers = InlineArray<10, Finger?>(repeating: nil)
    private var landings = 0
    /// The pair's direction at the last frame, in radians, and its span at the start, in px.
    private var lastDirection = 0.0
    private var startSpan = 0.0
    private var pairIDs: (Int, Int)?

    private struct Finger: Sendable {
        var id: Int
        var position: LogicalPoint
        var order: Int
        var isLifting = false
    }

    public init() {}

    /// The angle to draw the pages at while they turn, in degrees clockwise; nil otherwise.
    public var tiltDegrees: Double? { phase == .turning ? angleDegrees : nil }

    /// Whether input belongs to the turn and must not reach the scroll view: from the turn's
    /// start until the last finger lifts.
    public var holdsInput: Bool { phase == .turning || phase == .ended }

    /// The quarter turns an angle of `degrees` lands on: the nearest, `snapAngleDegrees` past
    /// one going on to the next.
    public static func quarterTurns(forDegrees degrees: Double) -> Int {
        let quarters = (abs(degrees) - snapAngleDegrees) / 90
        let turns = quarters < 0 ? 0 : Int(quarters) + 1
        return degrees < 0 ? -turns : turns
    }

    /// The fingers may not turn anything here (the caller's content has no pages to turn):
    /// a turn just begun becomes a declined gesture, which leaves the zoom its own.
    public mutating func decline() {
        if phase == .watching || phase == .turning { phase = .declined }
    }

    // MARK: Touch

    /// Finger `id` landed at `point` (px); it counts at the next frame.
    public mutating func touchDown(id: Int, at point: LogicalPoint) {
        if let index = index(of: id) {
            fingers[index]!.position = point
            fingers[index]!.isLifting = false
            return
        }
        for index in fingers.indices where fingers[index] == nil {
            landings += 1
            fingers[index] = Finger(id: id, position: point, order: landings)
            return
        }
    }

    /// Finger `id` moved to `point` (px). An unknown id is ignored.
    public mutating func touchMotion(id: Int, to point: LogicalPoint) {
        guard let index = index(of: id) else { return }
        fingers[index]!.position = point
    }

    /// Finger `id` lifted; it is gone after the next frame. An unknown id is ignored.
    public mutating func touchUp(id: Int) {
        guard let index = index(of: id) else { return }
        fingers[index]!.isLifting = true
    }

    /// `wl_touch.cancel`: every finger ends now, with no turn (`cancelled` if one was under
    /// way). The scroll view waits for a frame; the viewer gives it one at once.
    public mutating func touchCancel() -> Event? {
        for index in fingers.indices { fingers[index] = nil }
        defer { phase = .idle }
        return phase == .turning ? .cancelled : nil
    }

    /// The end of a group of touch changes (`wl_touch.frame`): what they meant.
    public mutating func touchFrame() -> Event? {
        var event: Event?
        let pair = firstTwo()
        switch phase {
        case .idle:
            if let pair, !pair.0.isLifting, !pair.1.isLifting { beginPair(pair.0, pair.1) }
        case .watching, .turning:
            guard let pair, let ids = pairIDs, pair.0.id == ids.0, pair.1.id == ids.1 else {
                // A finger of the pair went away without a frame of its own.
                event = phase == .turning ? endTurn() : nil
                if phase == .watching { phase = .declined }
                break
            }
            follow(pair.0.position, pair.1.position)
            if phase == .watching { event = decide() }
            if pair.0.isLifting || pair.1.isLifting {
                if phase == .turning {
                    // Begun and lifted in one frame: the caller gives the zoom back on `ended` too.
                    event = endTurn()
                } else {
                    phase = .declined
                }
            }
        case .declined, .ended:
            break
        }
        for index in fingers.indices where fingers[index]?.isLifting == true { fingers[index] = nil }
        if isEmpty { phase = .idle }
        return event
    }

    // MARK: Touchpad

    /// A touchpad pinch began (`zwp_pointer_gesture_pinch_v1.begin`).
    public mutating func pinchBegin() {
        phase = .watching
        angleDegrees = 0
        spanRatio = 1
    }

    /// The pinch's scale relative to its begin is `scale`, and it turned `rotationDegrees`
    /// clockwise since the last update.
    public mutating func pinchUpdate(scale: Double, rotationDegrees: Double) -> Event? {
        guard phase == .watching || phase == .turning, scale.isFinite, rotationDegrees.isFinite, scale > 0 else {
            return nil
        }
        angleDegrees += rotationDegrees
        spanRatio = scale
        return phase == .watching ? decide() : nil
    }

    /// The pinch ended; a cancelled one (`cancelled` 1: the compositor took it) turns nothing.
    public mutating func pinchEnd(isCancelled: Bool) -> Event? {
        defer { phase = .idle }
        guard phase == .turning else { return nil }
        return isCancelled ? .cancelled : .ended(quarterTurns: RotationGesture.quarterTurns(forDegrees: angleDegrees))
    }

    // MARK: Deciding

    /// Whether the turn or the zoom has passed its threshold: the one further past it wins.
    private mutating func decide() -> Event? {
        let turn = abs(angleDegrees) / RotationGesture.engageAngleDegrees
        let zoom = abs(ElementaryFunctions.log(spanRatio)) / ElementaryFunctions.log(RotationGesture.zoomSpanRatio)
        guard max(turn, zoom) >= 1 else { return nil }
        if zoom >= turn {
            phase = .declined
            return nil
        }
        phase = .turning
        return .began
    }

    private mutating func endTurn() -> Event {
        phase = .ended
        return .ended(quarterTurns: RotationGesture.quarterTurns(forDegrees: angleDegrees))
    }

    private mutating func beginPair(_ first: Finger, _ second: Finger) {
        phase = .watching
        pairIDs = (first.id, second.id)
        angleDegrees = 0
        spanRatio = 1
        lastDirection = direction(from: first.position, to: second.position)
        startSpan = max(distance(first.position, second.position), 1)
    }

    /// The pair moved: the angle adds the turn since the last frame (less than half a turn
    /// between frames, so the direction's wrap at ±180° is unwrapped).
    private mutating func follow(_ first: LogicalPoint, _ second: LogicalPoint) {
        let now = direction(from: first, to: second)
        var turn = now - lastDirection
        if turn > Double.pi { turn -= 2 * Double.pi }
        if turn < -Double.pi { turn += 2 * Double.pi }
        lastDirection = now
        // y points down, so a positive angle turns clockwise on the screen.
        angleDegrees += turn * 180 / Double.pi
        spanRatio = max(distance(first, second), 1) / startSpan
    }

    private func direction(from first: LogicalPoint, to second: LogicalPoint) -> Double {
        ElementaryFunctions.atan2(second.y - first.y, second.x - first.x)
    }

    private func distance(_ first: LogicalPoint, _ second: LogicalPoint) -> Double {
        let dx = second.x - first.x, dy = second.y - first.y
        return (dx * dx + dy * dy).squareRoot()
    }

    private func index(of id: Int) -> Int? {
        for index in fingers.indices where fingers[index]?.id == id { return index }
        return nil
    }

    private var isEmpty: Bool {
        for index in fingers.indices where fingers[index] != nil { return false }
        return true
    }

    /// The two fingers that landed first, in landing order.
    private func firstTwo() -> (Finger, Finger)? {
        var first: Finger?, second: Finger?
        for index in fingers.indices {
            guard let finger = fingers[index] else { continue }
            if first.map({ finger.order < $0.order }) ?? true {
                second = first
                first = finger
            } else if second.map({ finger.order < $0.order }) ?? true {
                second = finger
            }
        }
        guard let first, let second else { return nil }
        return (first, second)
    }
}

/// The pages coming to rest on their quarter turn after the fingers lifted: drawn turned by
/// what the fingers left over (how far they were from the quarter turn they landed on), that
/// tilt easing out to none, so the page settles instead of jumping. Pure: times in, no clock.
public struct RotationLanding: Sendable {
    /// How long the page takes to settle, in ms: Android's `config_shortAnimTime`, its
    /// duration for small, quick changes such as this.
    public static let durationMilliseconds = 200.0

    private let settle: EaseOutCubic
    private let startMilliseconds: Double

    /// A landing from a tilt of `degrees` (clockwise) at `timeMilliseconds`.
    public init(fromDegrees degrees: Double, timeMilliseconds: Double) {
        settle = EaseOutCubic(from: degrees, to: 0, durationMilliseconds: RotationLanding.durationMilliseconds)
        startMilliseconds = timeMilliseconds
    }

    /// The landing of a turn that went `degrees` and landed on `quarterTurns`, at `timeMilliseconds`.
    public init(turnedDegrees degrees: Double, quarterTurns: Int, timeMilliseconds: Double) {
        self.init(fromDegrees: degrees - Double(quarterTurns) * 90, timeMilliseconds: timeMilliseconds)
    }

    /// The tilt to draw at `timeMilliseconds`, in degrees; nil once the page rests.
    public func tiltDegrees(at timeMilliseconds: Double) -> Double? {
        let elapsed = timeMilliseconds - startMilliseconds
        guard !settle.isDone(at: elapsed) else { return nil }
        return settle.position(at: max(0, elapsed))
    }
}
