import Render
import ScrollEngine
import WaylandClient

/// A touch that landed on one of the window's own controls rather than on content.
enum ClaimedTouch {
    /// The close button or the move handle (client-side decorations only).
    case windowControl(WindowControls.Target, x: Double, y: Double)
    /// A page control: a tap moves one page, a drag along it scrubs from the page shown at
    /// the touch's start.
    case pageControl(pane: Int, startX: Double, startPage: Int, hasMoved: Bool)
}

extension Viewer {
    /// The page control of pane `index` as drawn, in window coordinates, if it is shown.
    func pageControl(ofPane index: Int) -> (layout: PageControlLayout, origin: LogicalPoint)? {
        let pane = panes[index]
        let frame = scene[pane.view].frame
        guard !frame.pageControl.isHidden, frame.pageControl.numberOfPages > 0 else { return nil }
        let rect = scene.rects[pane.view]
        let layout = PageControlLayout(frame.pageControl, viewportWidth: rect.size.width,
                                       viewportHeight: rect.size.height, style: pane.renderer.overlayStyle)
        return (layout, rect.origin)
    }

    /// The pane whose page control is at a window point.
    func pageControlPane(at x: Double, _ y: Double) -> Int? {
        panes.indices.first { index in
            guard let control = pageControl(ofPane: index) else { return false }
            return control.layout.contains(x: x - control.origin.x, y: y - control.origin.y)
        }
    }

    /// Moves pane `index` one page towards the side of the current dot that `x` is on.
    func tapPageControl(ofPane index: Int, atX x: Double) {
        guard let control = pageControl(ofPane: index) else { return }
        let view = panes[index].view
        switch control.layout.direction(ofTapAtX: x - control.origin.x) {
        case .previous: scene[view].scrollToPreviousPage(timeMilliseconds: timeMilliseconds)
        case .next: scene[view].scrollToNextPage(timeMilliseconds: timeMilliseconds)
        }
    }

    /// Whether a touch event belongs to a control (handling it if so). A touch claims a
    /// control when it lands on one that is visible.
    func handleControlTouch(_ event: TouchEvent, seat: Seat) -> Bool {
        switch event {
        case .down(let id, let x, let y, _, let serial):
            if windowControlsOpacity > 0,
               let target = windowControls.target(atX: x, y: y, windowWidth: Double(window.width)) {
                claimedTouches[id] = .windowControl(target, x: x, y: y)
                // The compositor takes over the touch for the move and cancels it for us.
                if target == .moveHandle { window.beginMove(seat: seat, serial: serial) }
                return true
            }
            guard let pane = pageControlPane(at: x, y), let control = pageControl(ofPane: pane) else { return false }
            claimedTouches[id] = .pageControl(pane: pane, startX: x, startPage: control.layout.currentPage, hasMoved: false)
            return true
        case .motion(let id, let x, let y, _):
            switch claimedTouches[id] {
            case .windowControl(let target, _, _):
                claimedTouches[id] = .windowControl(target, x: x, y: y)
            case .pageControl(let pane, let startX, let startPage, let hasMoved):
                // Scrubbing starts once the finger leaves the slop, so a shaky tap stays a tap.
                let moved = hasMoved || abs(x - startX) > scene[panes[pane].view].configuration.touchSlopPixels
                claimedTouches[id] = .pageControl(pane: pane, startX: startX, startPage: startPage, hasMoved: moved)
                if moved, let control = pageControl(ofPane: pane) {
                    let page = control.layout.page(scrubbingFrom: startX - control.origin.x, startPage: startPage,
                                                   to: x - control.origin.x)
                    if page != control.layout.currentPage {
                        scene[panes[pane].view].scrollToPage(page, timeMilliseconds: timeMilliseconds)
                    }
                }
            case nil:
                return false
            }
            return true
        case .up(let id, _):
            switch claimedTouches.removeValue(forKey: id) {
            case .windowControl(let target, let x, let y):
                let releasedOn = windowControls.target(atX: x, y: y, windowWidth: Double(window.width))
                if target == .close, releasedOn == .close { isQuitRequested = true }
            case .pageControl(let pane, let startX, _, let hasMoved):
                if !hasMoved { tapPageControl(ofPane: pane, atX: startX) }
            case nil:
                return false
            }
            return true
        }
    }
}
