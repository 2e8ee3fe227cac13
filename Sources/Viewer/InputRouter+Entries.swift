import DocumentKit
import ScrollEngine

/// The home and the folder view answer as a grid or a list of entries does: a tap or a click
/// chooses one (through `Navigation.followLink`), a long press or a right click offers what can
/// be done with it, and the arrows move the keyboard's focus along them, Return choosing it.
extension InputRouter {
    /// The right button (evdev `BTN_RIGHT`): an entry's actions, as a context menu.
    static let rightButton: UInt32 = 0x111
    /// How far a finger may wander and still become a long press, in logical px: the reading
    /// tools' slop for a long press (ReadingTools), so both forgive the same.
    static let entryLongPressSlopPixels = 10.0

    /// Notes a finger down on a list of entries, which may become a long press; whether it may.
    func noteEntryTouch(_ id: Int, at location: LogicalPoint) -> Bool {
        guard document.entryChooser != nil, scene.rects[documentPane.view].contains(location) else {
            entryTouch = nil
            return false
        }
        entryTouch = (id, location)
        return true
    }

    /// Whether the finger on a list of entries is still where it went down (within the slop).
    func isEntryTouchStill(_ id: Int, at location: LogicalPoint) -> Bool {
        guard let touch = entryTouch, touch.id == id else { return false }
        let still = abs(location.x - touch.location.x) <= Self.entryLongPressSlopPixels
            && abs(location.y - touch.location.y) <= Self.entryLongPressSlopPixels
        if !still { entryTouch = nil }
        return still
    }

    /// The long press fired on a list of entries: offers the actions of the entry under the
    /// finger; false when there is none.
    func offerEntryActionsAtTouch() -> Bool {
        guard let touch = entryTouch else { return false }
        entryTouch = nil
        return offerEntryActions(atWindow: touch.location)
    }

    /// Offers the actions of the entry at `location` (window px); false when there is none.
    func offerEntryActions(atWindow location: LogicalPoint?) -> Bool {
        guard let location, let chooser = document.entryChooser else { return false }
        let rect = scene.rects[documentPane.view], view = scene[documentPane.view]
        let point = ContentPoint(x: (location.x - rect.origin.x + view.contentOffset.x) / view.zoomScale,
                                 y: (location.y - rect.origin.y + view.contentOffset.y) / view.zoomScale)
        guard chooser.offerActions(at: point) else { return false }
        needsFrame = true
        return true
    }

    /// Keys on a list of entries: the arrows, Home and End move the focus, Return or space
    /// chooses the focused entry, the Menu key (or Shift+F10) offers its actions. False for
    /// any other key, or when the document is no list of entries.
    func handleEntryKey(_ name: String, modifiers: InputModifiers) -> Bool {
        guard let chooser = document.entryChooser, chooser.entryCount > 0 else { return false }
        let direction: EntryDirection
        switch (name, modifiers) {
        case ("Right", []), ("KP_Right", []): direction = .right
        case ("Left", []), ("KP_Left", []): direction = .left
        case ("Down", []), ("KP_Down", []): direction = .down
        case ("Up", []), ("KP_Up", []): direction = .up
        case ("Home", []): direction = .first
        case ("End", []): direction = .last
        case ("Return", []), ("KP_Enter", []), ("space", []):
            guard let focused = chooser.focusedEntry else { return focusEntry(0, of: chooser) }
            let frame = chooser.frame(ofEntry: focused)
            navigation.carryOut(chooser.choose(at: ContentPoint(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)))
            needsFrame = true
            return true
        case ("Menu", []), ("F10", .shift):
            guard let focused = chooser.focusedEntry else { return false }
            let frame = chooser.frame(ofEntry: focused)
            if chooser.offerActions(at: ContentPoint(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)) { needsFrame = true }
            return true
        default:
            return false
        }
        return focusEntry(chooser.focusedEntry.map { chooser.entry(from: $0, moving: direction) } ?? 0, of: chooser)
    }

    /// Puts the keyboard's focus on entry `index` and scrolls just enough to show it.
    private func focusEntry(_ index: Int, of chooser: any EntryChooser) -> Bool {
        chooser.focusedEntry = index
        let frame = chooser.frame(ofEntry: index)
        let view = scene[documentPane.view], height = scene.rects[documentPane.view].size.height
        let top = view.contentOffset.y, zoom = view.zoomScale
        let target = frame.y * zoom < top ? frame.y * zoom : (frame.maxY * zoom > top + height ? frame.maxY * zoom - height : top)
        if target != top {
            scene[documentPane.view].scroll(to: LogicalPoint(x: view.contentOffset.x, y: target), animated: true,
                                            timeMilliseconds: timeMilliseconds)
        }
        needsFrame = true
        return true
    }
}
