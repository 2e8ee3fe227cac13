import Render
import ScrollEngine

/// Touches and clicks on controls: the window controls and the page controls (see `ControlClaims`).
extension InputRouter {
    /// Who has touch `id` now, if anyone: a control's claim, else the view holding it.
    func owner(ofTouch id: Int) -> TouchOwner? {
        if claims[id] != nil { return .control }
        return scene.view(ofTouch: id).map { .view($0) }
    }

    /// The control at a window point, if any, as a new claim.
    func control(at point: LogicalPoint) -> ControlClaims.Claim? {
        if windowControlsOpacity > 0,
           let target = windowControls.target(atX: point.x, y: point.y, windowWidth: windowSize.width) {
            return .windowControl(target, location: point)
        }
        for index in panes.indices {
            guard let control = state.pageControl(ofPane: index) else { continue }
            if panes[index] === documentPane, overview.isButtonOn(control, at: point) { return .overviewButton }
            guard control.layout.contains(x: point.x - control.origin.x, y: point.y - control.origin.y) else { continue }
            return .pageControl(pane: index, start: point, startPage: control.layout.currentPage, isScrubbing: false)
        }
        if let control = state.pageControl(ofPane: panes.count - 1), scene[documentPane.view].frame.pageControl.labelOpacity > 0,
           control.layout.labelContains(x: point.x - control.origin.x, y: point.y - control.origin.y) {
            return .pageLabel
        }
        return nil
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
        case .pageControl(let pane, let start, let startPage, let isScrubbing):
            guard let control = state.pageControl(ofPane: pane) else { break }
            let origin = control.origin.x
            let scrubs = isScrubbing || control.layout.isScrub(fromX: start.x - origin, toX: point.x - origin)
            claims[key] = .pageControl(pane: pane, start: start, startPage: startPage, isScrubbing: scrubs)
            let page = control.layout.page(scrubbingFrom: start.x - origin, startPage: startPage, to: point.x - origin)
            if scrubs, page != control.layout.currentPage {
                scene[panes[pane].view].scrollToPage(page, timeMilliseconds: timeMilliseconds)
            }
        case .pageLabel, .overviewButton:
            break
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
            if target == .open, releasedOn == .open { requests.append(.openFile) }
        case .pageControl(let pane, let start, _, let isScrubbing):
            if !isScrubbing { tapPageControl(ofPane: pane, at: start) }
        case .pageLabel:
            openPageEntry()
        case .overviewButton:
            overview.toggle()
        case nil:
            return false
        }
        return true
    }

    /// Moves pane `index` one page towards the side of the current dot that `point` is on.
    private func tapPageControl(ofPane index: Int, at point: LogicalPoint) {
        guard let control = state.pageControl(ofPane: index) else { return }
        let view = panes[index].view
        switch control.layout.direction(ofTapAtX: point.x - control.origin.x) {
        case .previous: scene[view].scrollToPreviousPage(timeMilliseconds: timeMilliseconds)
        case .next: scene[view].scrollToNextPage(timeMilliseconds: timeMilliseconds)
        }
    }
}
