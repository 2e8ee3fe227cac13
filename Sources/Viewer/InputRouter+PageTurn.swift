import DocumentKit
import ScrollEngine

/// A two-finger turn of the pages (issue 26): two fingers turning on the document, or a
/// touchpad pinch that rotates, turn the pages with them (drawn turned by the fingers' angle)
/// and land on the nearest quarter turn when they lift, as Ctrl+Right and Ctrl+Left do. The
/// engine's `RotationGesture` decides between the turn and the pinch's zoom; here the turn's
/// input is kept from the scroll view once it has begun, and its zoom given back.
extension InputRouter {
    /// How far the pages are drawn turned, in degrees clockwise: with the fingers, then what
    /// they left over from the quarter turn the pages landed on, easing out; nil at rest.
    var pageTiltDegrees: Double? {
        pageTurn.gesture.tiltDegrees ?? pageTurn.landing?.tiltDegrees(at: timeMilliseconds)
    }

    /// Whether the pages are settling on their quarter turn after the fingers lifted: frames
    /// are needed until they rest.
    var isPageTurnLanding: Bool {
        pageTurn.gesture.tiltDegrees == nil && pageTurn.landing?.tiltDegrees(at: timeMilliseconds) != nil
    }

    /// Whether the turn took `event` from the scroll view: every touch and pinch event from
    /// the moment the turn begins until the last finger lifts.
    func isTakenByPageTurn(_ event: SceneInput) -> Bool {
        guard event.isPageTurnInput else { return false }
        let wasHolding = pageTurn.gesture.holdsInput
        guard let turnEvent = followPageTurn(event) else { return wasHolding || pageTurn.gesture.holdsInput }
        switch turnEvent {
        case .began:
            giveBackZoom(for: event)
        case .ended(let turns):
            // Begun and ended in one frame: the scroll view still holds a pinch.
            if !wasHolding { giveBackZoom(for: event) }
            if turns != 0 { _ = state.rotatePages(byQuarterTurns: turns) }
            pageTurn.landing = RotationLanding(turnedDegrees: pageTurn.gesture.angleDegrees, quarterTurns: turns,
                                              timeMilliseconds: timeMilliseconds)
        case .cancelled:
            // The compositor took the fingers (a gesture of its own): upright at once.
            pageTurn.landing = nil
        }
        return true
    }

    /// A finger lifted, whoever takes the event (a cancel always reaches the turn).
    func notePageTurnLift(_ event: SceneInput) {
        if case .touchUp(let id) = event { pageTurn.gesture.touchUp(id: id) }
    }

    /// A long press took the finger from the scroll view: the turn forgets it too, so its
    /// motion, now the selection's, is never half of a pair.
    func forgetPageTurnFingers() {
        _ = pageTurn.gesture.touchCancel()
    }

    /// Hands `event` to the turn's recogniser; what it meant, if anything. It sees every
    /// touch, so it knows which fingers are down; fingers landing off the document are not
    /// its, and a turn where the pages cannot turn (text, the overview's grid) is declined.
    private func followPageTurn(_ event: SceneInput) -> RotationGesture.Event? {
        let result: RotationGesture.Event?
        switch event {
        case .touchDown(let id, let location):
            if scene.rects[documentPane.view].contains(location) { pageTurn.gesture.touchDown(id: id, at: location) }
            return nil
        case .touchMotion(let id, let location):
            pageTurn.gesture.touchMotion(id: id, to: location)
            return nil
        case .touchUp(let id):
            pageTurn.gesture.touchUp(id: id)
            return nil
        case .touchCancel:
            result = pageTurn.gesture.touchCancel()
        case .touchFrame:
            result = pageTurn.gesture.touchFrame()
        case .pinchBegin(let location):
            let focus = location ?? scene.pointerLocation ?? .zero
            if scene.rects[documentPane.view].contains(focus) { pageTurn.gesture.pinchBegin() }
            return nil
        case .pinchUpdate(let scale, let rotation):
            result = pageTurn.gesture.pinchUpdate(scale: scale, rotationDegrees: rotation)
        case .pinchEnd(let isCancelled):
            result = pageTurn.gesture.pinchEnd(isCancelled: isCancelled)
        default:
            return nil
        }
        guard result != .began || (!overview.isOpen && state.pagesTurn) else {
            pageTurn.gesture.decline()
            return nil
        }
        return result
    }

    /// The turn took the fingers: the scroll view's pinch returns to the zoom it began at, as
    /// a cancelled one does, and is not taken for a pinch past the fit (the overview).
    private func giveBackZoom(for event: SceneInput) {
        let time = timeMilliseconds
        if case .touchFrame = event {
            scene.apply(.touchCancel, timeMilliseconds: time)
            scene.apply(.touchFrame, timeMilliseconds: time)
            // Nor is a finger of the turn a long press.
            readingTools.touchesCancelled()
            wantsLongPressTimer = false
        } else {
            scene.apply(.pinchEnd(isCancelled: true), timeMilliseconds: time)
        }
        overview.forgetPinch()
    }
}

extension SceneInput {
    /// Whether a two-finger turn follows this input: touch, and touchpad pinches.
    var isPageTurnInput: Bool {
        switch self {
        case .touchDown, .touchMotion, .touchUp, .touchCancel, .touchFrame, .pinchBegin, .pinchUpdate, .pinchEnd:
            return true
        default:
            return false
        }
    }
}

/// A two-finger turn of the pages: the fingers' gesture while they are down, then the pages
/// settling on the quarter turn they landed on.
struct PageTurn {
    var gesture = RotationGesture()
    var landing: RotationLanding?
}
