/// The help card's text: the README's "How to move" list, item by item (a test keeps the two
/// the same), so the window teaches what the manual says.
public enum HelpText {
    /// Each item: what it is about, and what to do.
    public static let items: [(topic: String, text: String)] = [
        ("Touch", "drag; flick and it coasts, slowing as on iOS; touch a moving page to catch it; past either end the page stretches like a rubber band and springs back. Pinch to zoom about your fingers; double-tap to zoom in at that point, and again to zoom back. On a paged view a flick turns exactly one page; tap beside the current dot of the page control, or drag along it, to change pages."),
        ("Touchpad", "two fingers scroll 1:1 and keep coasting when they lift; resting fingers (a hold) stop it; pinch zooms about the pointer."),
        ("Wheel", "each notch scrolls a smooth step (the window height to the power 2/3, as GTK); Shift+wheel scrolls sideways; Ctrl+wheel zooms. A trackpoint scrolls 1:1."),
        ("Scroll bar", "hover near the right edge and drag the bar, or click the track."),
        ("Keys", "arrows scroll a line; Page Up/Down and Space/Shift+Space a screen less a line; Home/End; Ctrl+plus, Ctrl+minus and Ctrl+0 zoom; F11 full screen; Escape closes find, help or a selection first, then leaves full screen or quits; `q` or Ctrl+Q quit."),
        ("Find", "Ctrl+F or `/` (on touch, the magnifier beside the close button) opens the find field; type and every match lights up, the view glides to the nearest one below. Enter, F3 or Ctrl+G go to the next match, with Shift the previous; Escape closes the field and stays there. Case and accents are ignored."),
        ("Select and copy", "drag with the mouse to select, double-click a word, triple-click a paragraph, Shift+click to extend; on touch, long-press a word and drag its handles; a tap elsewhere clears. Ctrl+A selects all, Ctrl+C copies the text (a selection also goes to the middle-click paste)."),
        ("Links", "tap or click to follow: a heading of the document scrolls there, another document opens (Alt+Left, or a swipe from the left edge, comes back), web and mail links open on the desktop; nothing else is ever run. Hover or long-press shows where a link goes."),
        ("Help", "F1 or `?` shows this card; a tap, Escape or the same key hides it."),
    ]
}
