import Render
import ScrollEngine

/// The one claim table: who owns a touch or click. A touch down is hit-tested against the
/// controls first (window controls, page controls); a control that takes it is recorded here,
/// and the scene never sees that touch. Every other touch goes to the scene, which gives it
/// to the view it landed in: that view's touch state is then its only record (the scene keeps
/// no table of its own, `ScrollScene.view(ofTouch:)`), and the view decides gestures (drags,
/// flings, taps on outline rows, scroll-bar drags). So no touch has two owners, and a cancel
/// that empties this table and ends the views' touches leaves none anywhere.
struct ControlClaims {
    /// A pointer click holds its claim under this key, beside the touch ids.
    static let pointerKey = Int.min

    enum Claim: Equatable {
        /// The close button or the move handle (client-side decorations only).
        case windowControl(WindowControls.Target, location: LogicalPoint)
        /// A page control: a tap moves one page, a drag along it scrubs.
        case pageControl(pane: Int, start: LogicalPoint, isScrubbing: Bool)
    }

    private var claims: [Int: Claim] = [:]

    subscript(key: Int) -> Claim? {
        get { claims[key] }
        set { claims[key] = newValue }
    }

    mutating func release(_ key: Int) -> Claim? { claims.removeValue(forKey: key) }

    mutating func removeAll() { claims.removeAll() }
}

/// Who has a touch: a control, or the scene's view it landed in.
public enum TouchOwner: Equatable, Sendable {
    case control
    case view(Int)
}

extension DocumentViewer {
    /// Who has touch `id` now, if anyone: a control's claim, else the view holding it.
    public func owner(ofTouch id: Int) -> TouchOwner? {
        if claims[id] != nil { return .control }
        return scene.view(ofTouch: id).map { .view($0) }
    }

    /// The page control of pane `index` as drawn, in window coordinates, if it is shown:
    /// Render's `PageControlLayout` is the one rule for where it is and what a tap means.
    func pageControl(ofPane index: Int) -> (layout: PageControlLayout, origin: LogicalPoint)? {
        let pane = panes[index]
        let frame = scene[pane.view].frame
        guard !frame.pageControl.isHidden, frame.pageControl.numberOfPages > 0 else { return nil }
        let rect = scene.rects[pane.view]
        let layout = PageControlLayout(frame.pageControl, viewportWidth: rect.size.width,
                                       viewportHeight: rect.size.height, style: pane.renderer.overlayStyle)
        return (layout, rect.origin)
    }

    /// The control at a window point, if any, as a new claim.
    func control(at point: LogicalPoint) -> ControlClaims.Claim? {
        if windowControlsOpacity > 0,
           let target = windowControls.target(atX: point.x, y: point.y, windowWidth: windowSize.width) {
            return .windowControl(target, location: point)
        }
        let pane = panes.indices.first { index in
            guard let control = pageControl(ofPane: index) else { return false }
            return control.layout.contains(x: point.x - control.origin.x, y: point.y - control.origin.y)
        }
        return pane.map { .pageControl(pane: $0, start: point, isScrubbing: false) }
    }

    /// Claims what a touch or click at `point` lands on; false when it is content's.
    func claimControl(_ key: Int, at point: LogicalPoint, serial: UInt32) -> Bool {
        guard let claim = control(at: point) else { return false }
        claims[key] = claim
        // The compositor takes over the touch for the move and cancels it for us.
        if case .windowControl(.moveHandle, _) = claim { requests.append(.beginMove(serial: serial)) }
        return true
    }

    /// Moves a claimed touch; false when it is content's.
    func moveClaim(_ key: Int, to point: LogicalPoint) -> Bool {
        switch claims[key] {
        case .windowControl(let target, _):
            claims[key] = .windowControl(target, location: point)
        case .pageControl(let pane, let start, let isScrubbing):
            guard let control = pageControl(ofPane: pane) else { break }
            let origin = control.origin.x
            let scrubs = isScrubbing || control.layout.isScrub(fromX: start.x - origin, toX: point.x - origin)
            claims[key] = .pageControl(pane: pane, start: start, isScrubbing: scrubs)
            let page = control.layout.page(atScrubX: point.x - origin)
            if scrubs, page != control.layout.currentPage {
                scene[panes[pane].view].scrollToPage(page, timeMilliseconds: timeMilliseconds)
            }
        case nil:
            return false
        }
        return true
    }

    /// Ends a claimed touch or click, acting on it; false when it was content's.
    func releaseClaim(_ key: Int) -> Bool {
        switch claims.release(key) {
        case .windowControl(let target, let location):
            let releasedOn = windowControls.target(atX: location.x, y: location.y, windowWidth: windowSize.width)
            if target == .close, releasedOn == .close { requests.append(.quit) }
        case .pageControl(let pane, let start, let isScrubbing):
            if !isScrubbing { tapPageControl(ofPane: pane, at: start) }
        case nil:
            return false
        }
        return true
    }

    /// Moves pane `index` one page towards the side of the current dot that `point` is on.
    private func tapPageControl(ofPane index: Int, at point: LogicalPoint) {
        guard let control = pageControl(ofPane: index) else { return }
        let view = panes[index].view
        switch control.layout.direction(ofTapAtX: point.x - control.origin.x) {
        case .previous: scene[view].scrollToPreviousPage(timeMilliseconds: timeMilliseconds)
        case .next: scene[view].scrollToNextPage(timeMilliseconds: timeMilliseconds)
        }
    }
}
