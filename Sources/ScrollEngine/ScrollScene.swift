/// Several scroll views on one screen, each in its own rectangle, with input routed as UIKit
/// hit-tests it: a touch belongs to the view it landed in, and an axis, pinch or hold gesture
/// to the view under the pointer when it began, for its whole life, so a diagonal swipe moves
/// only that view. A view may sit inside another only if they scroll along different axes.
///
/// Points given to the scene are in screen px; each view sees its own viewport coordinates.
/// Keys go to the view that last took touch or pointer input (the first view at the start).
/// Nothing allocates once the views are added.
public struct ScrollScene: Sendable {
    /// The views, in the order added; read their `frame` after `advance(to:)`.
    public private(set) var views: [ScrollView] = []
    /// Where each view sits, in screen px.
    public private(set) var rects: [LogicalRect] = []
    /// The view keys go to.
    public private(set) var focusedView = 0

    /// Where the pointer is, in screen px; `nil` before it enters and after it leaves. The one
    /// record of it: clicks on controls and touchpad pinches read it here.
    public private(set) var pointerLocation: LogicalPoint?
    private var pointerView: Int?
    private var fingerScrollView: Int?
    private var pinchView: Int?
    private var holdView: Int?
    private var buttonView: Int?

    /// An empty scene.
    public init() {}

    /// Adds `view` at `rect` (its viewport becomes the rectangle's size) and returns its index.
    /// Whether it scrolls along an axis is judged now, from its content and `alwaysBounce`.
    public mutating func addView(_ view: ScrollView, in rect: LogicalRect) throws(ScrollSceneError) -> Int {
        for index in rects.indices where rects[index].intersects(rect) {
            guard rects[index].contains(rect) || rect.contains(rects[index]) else {
                throw .partialOverlap(view: index)
            }
            for axis in Axis.allCases where view.isScrollable(axis) && views[index].isScrollable(axis) {
                throw .nestedOnSameAxis(view: index, axis: axis)
            }
        }
        var placed = view
        placed.resize(to: rect.size, timeMilliseconds: view.timeMilliseconds)
        views.append(placed)
        rects.append(rect)
        return views.count - 1
    }

    /// Sends keys to view `index` until touch or pointer input picks another (an app's main
    /// view, when a list sits above it).
    public mutating func focus(view index: Int) {
        focusedView = index
    }

    /// View `index`, to change its content or settings; change its place with `setRect`.
    public subscript(index: Int) -> ScrollView {
        // Yielding in place: a view is a few KB, and copying it out and back for every change
        // would cost more than the change.
        _read { yield views[index] }
        _modify { yield &views[index] }
    }

    /// Moves view `index` to `rect` at `timeMilliseconds`, resizing its viewport.
    public mutating func setRect(_ rect: LogicalRect, ofView index: Int, timeMilliseconds: Double) {
        rects[index] = rect
        views[index].resize(to: rect.size, timeMilliseconds: timeMilliseconds)
    }

    /// The view at `point` (screen px): the innermost one containing it.
    public func view(at point: LogicalPoint) -> Int? {
        var found: Int?
        for index in rects.indices where rects[index].contains(point) {
            if let current = found, area(index) > area(current) { continue }
            found = index
        }
        return found
    }

    /// Moves every view to `timeMilliseconds`: call it with the frame time before drawing.
    public mutating func advance(to timeMilliseconds: Double) {
        for index in views.indices { views[index].advance(to: timeMilliseconds) }
    }

    // MARK: Touch

    /// The view holding finger `id`, if any. The scene keeps no table of its own: a finger
    /// belongs to the view whose touch state has it (a touch a control claimed never reaches
    /// the scene, so it is in none), and leaves with it when it lifts or is cancelled.
    public func view(ofTouch id: Int) -> Int? {
        views.indices.first { views[$0].holdsTouch(id: id) }
    }

    /// Finger `id` touched down at `point` (screen px): it belongs to the view it landed in.
    public mutating func touchDown(id: Int, at point: LogicalPoint, timeMilliseconds: Double) {
        guard let target = view(at: point) else { return }
        focusedView = target
        views[target].touchDown(id: id, at: rects[target].local(point), timeMilliseconds: timeMilliseconds)
    }

    /// Finger `id` moved to `point` (screen px).
    public mutating func touchMotion(id: Int, to point: LogicalPoint, timeMilliseconds: Double) {
        guard let owner = view(ofTouch: id) else { return }
        views[owner].touchMotion(id: id, to: rects[owner].local(point), timeMilliseconds: timeMilliseconds)
    }

    /// Finger `id` lifted.
    public mutating func touchUp(id: Int, timeMilliseconds: Double) {
        guard let owner = view(ofTouch: id) else { return }
        views[owner].touchUp(id: id, timeMilliseconds: timeMilliseconds)
    }

    /// Every finger on every view ends (`wl_touch.cancel`).
    public mutating func touchCancel(timeMilliseconds: Double) {
        for index in views.indices { views[index].touchCancel(timeMilliseconds: timeMilliseconds) }
    }

    /// Ends a group of touch events (`wl_touch.frame`); `onTap` gets each tap it completed,
    /// with its view, in that view's coordinates.
    public mutating func touchFrame(onTap: (_ view: Int, _ tap: Tap) -> Void = { _, _ in }) {
        for index in views.indices {
            if let tap = views[index].touchFrame() { onTap(index, tap) }
        }
    }

    // MARK: Pointer

    /// The pointer moved to `point` (screen px). A scrollbar drag keeps the pointer's view.
    public mutating func pointerMotion(to point: LogicalPoint, timeMilliseconds: Double) {
        pointerLocation = point
        if let grab = buttonView {
            views[grab].pointerMotion(to: rects[grab].local(point), timeMilliseconds: timeMilliseconds)
            return
        }
        let target = view(at: point)
        if let previous = pointerView, previous != target {
            views[previous].pointerLeave(timeMilliseconds: timeMilliseconds)
        }
        pointerView = target
        if let target {
            views[target].pointerMotion(to: rects[target].local(point), timeMilliseconds: timeMilliseconds)
        }
    }

    /// The pointer left the window.
    public mutating func pointerLeave(timeMilliseconds: Double) {
        if let previous = pointerView { views[previous].pointerLeave(timeMilliseconds: timeMilliseconds) }
        pointerView = nil
        pointerLocation = nil
    }

    /// A mouse button changed; see `ScrollView.pointerButton`. A press used by a view keeps
    /// the pointer with it until the release.
    @discardableResult
    public mutating func pointerButton(_ button: UInt32, isPressed: Bool, timeMilliseconds: Double) -> Bool {
        if !isPressed, let grab = buttonView {
            buttonView = nil
            return views[grab].pointerButton(button, isPressed: false, timeMilliseconds: timeMilliseconds)
        }
        guard isPressed, let target = pointerView,
            views[target].pointerButton(button, isPressed: true, timeMilliseconds: timeMilliseconds)
        else { return false }
        buttonView = target
        focusedView = target
        return true
    }

    /// Scroll input; see `ScrollView.pointerAxis`. Touchpad fingers stay with the view they
    /// began scrolling until it stops; other input goes to the view under the pointer.
    @discardableResult
    public mutating func pointerAxis(
        source: PointerAxisSource, delta: LogicalPoint,
        value120: AxisPair<Int> = AxisPair(horizontal: 0, vertical: 0),
        modifiers: InputModifiers = [], timeMilliseconds: Double
    ) -> Bool {
        let owner = fingerScrollView.flatMap { views[$0].fingerScroll.isActive ? $0 : nil }
        guard let target = source == .finger ? owner ?? pointedView : pointedView else { return false }
        let isUsed = views[target].pointerAxis(
            source: source, delta: delta, value120: value120, modifiers: modifiers,
            timeMilliseconds: timeMilliseconds)
        if views[target].fingerScroll.isActive { fingerScrollView = target }
        if isUsed { focusedView = target }
        return isUsed
    }

    /// The touchpad fingers lifted on the axes given; see `ScrollView.pointerAxisStop`.
    public mutating func pointerAxisStop(horizontal: Bool, vertical: Bool, timeMilliseconds: Double) {
        guard let owner = fingerScrollView else { return }
        views[owner].pointerAxisStop(horizontal: horizontal, vertical: vertical, timeMilliseconds: timeMilliseconds)
        if !views[owner].fingerScroll.isActive { fingerScrollView = nil }
    }

    // MARK: Touchpad gestures and keys

    /// A touchpad pinch began with the pointer at `point` (screen px), in the view there.
    public mutating func pinchBegin(at point: LogicalPoint, timeMilliseconds: Double) {
        pointerLocation = point
        pointerView = view(at: point)
        pinchView = pointerView
        guard let target = pinchView else { return }
        focusedView = target
        views[target].pinchBegin(at: rects[target].local(point), timeMilliseconds: timeMilliseconds)
    }

    /// The pinch's scale relative to its begin; see `ScrollView.pinchUpdate`.
    public mutating func pinchUpdate(scale: Double, timeMilliseconds: Double) {
        guard let target = pinchView else { return }
        views[target].pinchUpdate(scale: scale, timeMilliseconds: timeMilliseconds)
    }

    /// The pinch ended; see `ScrollView.pinchEnd`.
    public mutating func pinchEnd(isCancelled: Bool, timeMilliseconds: Double) {
        guard let target = pinchView else { return }
        pinchView = nil
        views[target].pinchEnd(isCancelled: isCancelled, timeMilliseconds: timeMilliseconds)
    }

    /// Fingers rest on the touchpad: the view under the pointer stops.
    public mutating func holdBegin(timeMilliseconds: Double) {
        holdView = pointedView
        guard let target = holdView else { return }
        views[target].holdBegin(timeMilliseconds: timeMilliseconds)
    }

    /// The resting fingers lifted or moved on; see `ScrollView.holdEnd`.
    public mutating func holdEnd(isCancelled: Bool, timeMilliseconds: Double) {
        guard let target = holdView else { return }
        holdView = nil
        views[target].holdEnd(isCancelled: isCancelled, timeMilliseconds: timeMilliseconds)
    }

    /// A key for the focused view; see `ScrollView.key`.
    @discardableResult
    public mutating func key(_ name: String, modifiers: InputModifiers = [], timeMilliseconds: Double) -> Bool {
        guard views.indices.contains(focusedView) else { return false }
        return views[focusedView].key(name, modifiers: modifiers, timeMilliseconds: timeMilliseconds)
    }

    // MARK: Routing

    /// The view pointer input goes to: the one under the pointer, or the focused one while
    /// the pointer's position is unknown.
    private var pointedView: Int? {
        guard pointerLocation != nil else { return views.indices.contains(focusedView) ? focusedView : nil }
        return pointerView
    }

    private func area(_ index: Int) -> Double {
        rects[index].size.width * rects[index].size.height
    }
}
