import DocumentKit
import ScrollEngine

/// The outline of `--split` answers as a list does: a tap or a click on a row opens its
/// heading, the row under the pointer is tinted, and with the keys (which go to the pane last
/// touched, clicked or hovered) Up and Down move along the rows and Return opens one.
extension InputRouter {
    /// How far the pointer may move between press and release for a click, in logical px:
    /// the engine's touch slop, so a click and a tap forgive the same.
    private var clickSlopPixels: Double { scene[documentPane.view].configuration.touchSlopPixels }

    /// The outline's heading at window point `point`, if the point is on one of its rows.
    func outlineHeading(at point: LogicalPoint) -> Int? {
        guard let (pane, outline) = outlinePane else { return nil }
        let rect = scene.rects[pane.view]
        guard rect.contains(point) else { return nil }
        let list = scene[pane.view]
        return outline.heading(atY: (point.y - rect.origin.y + list.contentOffset.y) / list.zoomScale)
    }

    /// Tints the row under the pointer (none when `point` is nil: the pointer left).
    func hoverOutline(at point: LogicalPoint?) {
        guard let (_, outline) = outlinePane else { return }
        let heading = point.flatMap(outlineHeading(at:))
        if outline.hoveredHeading != heading { outline.hoveredHeading = heading }
    }

    /// A left button press or release on the outline: a click (press and release on the same
    /// spot, not taken by a scroll bar) opens the row's heading.
    func clickOutline(isPressed: Bool, isUsed: Bool) {
        guard outlinePane != nil else { return }
        if isPressed {
            buttonPresses.outline = isUsed ? nil : pointerLocation
            return
        }
        defer { buttonPresses.outline = nil }
        guard let press = buttonPresses.outline, let release = pointerLocation, abs(press.x - release.x) <= clickSlopPixels,
              abs(press.y - release.y) <= clickSlopPixels, let heading = outlineHeading(at: press) else { return }
        openHeading(heading)
    }

    /// Keys while the outline has them: Up and Down move the keyboard's row (from the page
    /// shown's), Home and End to the first and last, Return or space opens it. False for any
    /// other key, or when the outline does not have the keys.
    func handleOutlineKey(_ name: String, modifiers: InputModifiers) -> Bool {
        guard let (pane, outline) = outlinePane, scene.focusedView == pane.view, modifiers.isEmpty,
              outline.headingCount > 0 else { return false }
        let last = outline.headingCount - 1
        let current = outline.focusedHeading ?? outline.highlightedHeading
        let next: Int
        switch name {
        case "Down", "KP_Down": next = current.map { min($0 + 1, last) } ?? 0
        case "Up", "KP_Up": next = current.map { max($0 - 1, 0) } ?? 0
        case "Home": next = 0
        case "End": next = last
        case "Return", "KP_Enter", "space":
            openHeading(current ?? 0)
            return true
        default: return false
        }
        outline.focusedHeading = next
        reveal(outline.rowRect(ofHeading: next), in: pane)
        return true
    }

    /// Pages the document to heading `index` of the outline.
    func openHeading(_ index: Int) {
        guard let (_, outline) = outlinePane else { return }
        outline.focusedHeading = index
        navigation.showOutlineHeading(index, timeMilliseconds: timeMilliseconds)
        needsFrame = true
    }

    /// Scrolls the list just enough that `row` is in view.
    private func reveal(_ row: ContentRect, in pane: Pane) {
        let list = scene[pane.view]
        let height = scene.rects[pane.view].size.height
        let top = list.contentOffset.y
        let target = row.y < top ? row.y : (row.maxY > top + height ? row.maxY - height : top)
        if target != top {
            scene[pane.view].scroll(to: LogicalPoint(x: 0, y: target), animated: true, timeMilliseconds: timeMilliseconds)
        }
    }
}
