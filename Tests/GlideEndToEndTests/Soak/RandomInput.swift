import GlideDriver
import TestCompositor

/// One random gesture of the soak test, played through a session with the helpers every
/// other end-to-end test uses, so each is a well-formed sequence of Wayland events.
enum RandomInput: CaseIterable {
    case flick, tap, doubleTap, cancelledDrag, touchPinch, cancelledTouchPinch
    case touchpadScroll, wheel, controlWheel, continuousScroll, touchpadPinch, hold
    case key, scrollbar

    /// Plays this gesture at random places and sizes in a `width`×`height` window.
    func play(on session: GlideSession, width: Double, height: Double, random: inout SeededRandom) throws {
        func x() -> Double { Double.random(in: 20...(width - 20), using: &random) }
        func y() -> Double { Double.random(in: 20...(height - 20), using: &random) }
        func distance() -> Double { Double.random(in: -height...height, using: &random) }
        func steps() -> Int { Int.random(in: 1...8, using: &random) }
        switch self {
        case .flick:
            try session.flick(x: x(), from: y(), by: distance(), steps: steps(), liftFrame: Bool.random(using: &random))
        case .tap:
            try session.down(x: x(), y: y())
            try session.up()
        case .doubleTap:
            try session.doubleTap(x: x(), y: y(), framesBetween: Int.random(in: 1...12, using: &random))
        case .cancelledDrag:
            let start = y()
            try session.down(x: x(), y: start)
            try session.drag(x: x(), from: start, by: distance(), steps: steps())
            try session.cancelTouches()
        case .touchPinch, .cancelledTouchPinch:
            let centre = (x: x(), y: y())
            let from = Double.random(in: 40...300, using: &random), to = Double.random(in: 40...300, using: &random)
            try session.pinchFingers(from: (centre.x - from / 2, centre.y), (centre.x + from / 2, centre.y),
                                     to: (centre.x - to / 2, centre.y), (centre.x + to / 2, centre.y), steps: steps())
            if self == .touchPinch { try session.liftFingers() } else { try session.cancelTouches() }
        case .touchpadScroll:
            try session.pointerEnter(x: x(), y: y())
            let speed = Double.random(in: -60...60, using: &random)
            for _ in 0..<steps() { try session.fingerScroll(dx: Double.random(in: -5...5, using: &random), dy: speed) }
            if Bool.random(using: &random) { try session.fingerScrollStop() }
        case .wheel:
            try session.pointerEnter(x: x(), y: y())
            try session.wheel(steps: Int32.random(in: 1...3, using: &random) * (Bool.random(using: &random) ? 1 : -1))
        case .controlWheel:
            try session.pointerEnter(x: x(), y: y())
            try session.press(.leftControl)
            try session.wheel(steps: Bool.random(using: &random) ? 1 : -1)
            try session.press(.leftControl, isPressed: false)
        case .continuousScroll:
            try session.pointerEnter(x: x(), y: y())
            for _ in 0..<steps() { try session.continuousScroll(dy: Double.random(in: -40...40, using: &random)) }
        case .touchpadPinch:
            try session.pointerEnter(x: x(), y: y())
            let target = Double.random(in: 0.3...3, using: &random)
            let count = steps()
            try session.pinch(scales: (1...count).map { 1 + (target - 1) * Double($0) / Double(count) },
                              isCancelled: Bool.random(using: &random))
        case .hold:
            try session.hold(frames: Int.random(in: 1...6, using: &random))
        case .key:
            let keys: [KeyCode] = [.up, .down, .left, .right, .pageUp, .pageDown, .space, .home, .end, .equal, .minus, .digit0]
            let key = keys.randomElement(using: &random)!
            try session.type(key, with: Bool.random(using: &random) ? [.leftControl] : [])
        case .scrollbar:
            // Near the right edge the indicator widens into a scroll bar: press, drag, release.
            let start = y()
            try session.pointerEnter(x: width - Double.random(in: 2...12, using: &random), y: start)
            try session.leftButton(isPressed: true)
            for step in 1...steps() { try session.pointerMotion(x: width - 6, y: start + Double(step) * 15) }
            try session.leftButton(isPressed: false)
        }
    }
}
