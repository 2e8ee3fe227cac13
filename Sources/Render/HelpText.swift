import Localization

/// The help card's text: the README's "How to move" list, item by item (a test keeps the two
/// the same), so the window teaches what the manual says.
public enum HelpText {
    /// Each item in English: what it is about, and what to do.
    public static var items: [(topic: String, text: String)] {
        table.map { ($0.topic.description, $0.text.description) }
    }

    /// Each item in the user's language, as the help card shows it.
    public static var localizedItems: [(topic: String, text: String)] {
        table.map { (localized($0.topic), localized($0.text)) }
    }

    private static let table: [(topic: StaticString, text: StaticString)] = [
        (translatable("Touch"), translatable("drag; flick and it coasts, slowing as on iOS; touch a moving page to catch it; past either end the page stretches like a rubber band and springs back. Pinch to zoom about your fingers; double-tap to zoom in at that point, and again to zoom back. Zooming Markdown or plain text changes the text size: the page magnifies under your fingers, and when they lift the text re-wraps to the window with the line under them kept in place. Images zoom one at a time, as in Photos (up to twice their own pixels): a zoomed image pans under one finger, and a drag or flick on past its edge turns to the next image, which opens unzoomed. On a paged view a flick turns exactly one page; tap beside the current dot of the page control, or drag along it (past its ends for the first or last page), to change pages; a label such as `12 / 245` shows above it while pages turn.")),
        (translatable("Touchpad"), translatable("two fingers scroll 1:1 and keep coasting when they lift; resting fingers (a hold) stop it; pinch zooms about the pointer.")),
        (translatable("Wheel"), translatable("each notch scrolls a smooth step (the window height to the power 2/3, as GTK); Shift+wheel scrolls sideways; Ctrl+wheel zooms. A trackpoint scrolls 1:1.")),
        (translatable("Scroll bar"), translatable("hover near the right edge and drag the bar, or click the track.")),
        (translatable("Keys"), translatable("they go to the pane you last touched, clicked or pointed at. Arrows scroll a line; Page Up/Down and Space/Shift+Space a screen less a line (a page when paged; on a zoomed image they and Up/Down pan it, and turn the page at its edge); Home/End go to the very top and end; Ctrl+plus and Ctrl+minus zoom (the text size, for text), Ctrl+0 returns to the default size and keeps your place; F11 full screen; Ctrl+O opens, Ctrl+P prints; Escape closes find, help or a selection, else leaves full screen (and otherwise does nothing); `q`, Ctrl+Q or Ctrl+W quit. In `--split`, the outline answers like a list: point at a row, click or tap it, or use Up/Down and Return.")),
        (translatable("Find"), translatable("Ctrl+F or `/` (on touch, the magnifier beside the close button) opens the find field; type and every match lights up, the view glides to the nearest one below. Enter, F3 or Ctrl+G go to the next match, with Shift the previous; Escape closes the field and stays there. Case and accents are ignored.")),
        (translatable("Select and copy"), translatable("drag with the mouse to select, double-click a word, triple-click a paragraph, Shift+click to extend; on touch, long-press a word and drag its handles; a tap elsewhere clears. Ctrl+A selects all, Ctrl+C copies the text (a selection also goes to the middle-click paste).")),
        (translatable("Links"), translatable("tap or click to follow: a heading or a note of the document glides there, another document opens, web and mail links open on the desktop; nothing else is ever run. Hover or long-press shows where a link goes. While another document is read, the one shown stays and scrolls, with a notice (Alt+Left gives it up); one that cannot be opened leaves a notice saying why.")),
        (translatable("Go to page"), translatable("Ctrl+L, or a tap on the page label, opens an entry: type a page number or the label printed on the page (`xii`, `A-3`: a PDF's page labels, a DjVu page's title) and press Enter; Escape closes it, and text that leads to no page says so in the entry. A label is read before a number, so `1` is the page printed 1, after roman front matter. The page label shows both, as `xii (12 / 245)`, and the outline shows each row's label.")),
        (translatable("Back and forward"), translatable("Alt+Left, the mouse's back button or a swipe in from the left edge goes back to where you followed a link or an outline row, went to a page or first found a match, in this document or another shown in the window, gliding as the link did; Alt+Right, the forward button or a swipe in from the right edge goes forward again. A new jump forgets the way forward; the last 100 places are kept, and kept with the reading position for the next time. On pages turned sideways a swipe only turns the page.")),
        (translatable("Turning pages"), translatable("Ctrl+Right turns the pages of a PDF, a DjVu document, a comic or images a quarter clockwise, Ctrl+Left a quarter back; the turn is remembered with your place.")),
        (translatable("Overview"), translatable("F9, a pinch out past the whole page, or the grid button beside a paged view's page control shows every page as a thumbnail, in a grid that scrolls (or pages) as the document does, grey with its number until the page is drawn. Tap a thumbnail, or pinch in on it, to zoom into that page (Alt+Left comes back); Escape or F9 again returns to where you were. For PDF and DjVu.")),
        (translatable("Night pages"), translatable("Ctrl+I turns them on and off: the pages of a PDF, DjVu, comic, image folder, TIFF or fixed-layout book show with their lightness inverted and their colours kept, so black text on white reads light on dark while photos stay recognisable and a red figure stays red; the window darkens with them, and text documents turn light on dark. `--dark` starts with them on, and they follow the desktop's dark style, also as it changes. Each document remembers your choice.")),
        (translatable("Help"), translatable("F1 or `?` shows this card; a tap, Escape or the same key hides it.")),
    ]
}
