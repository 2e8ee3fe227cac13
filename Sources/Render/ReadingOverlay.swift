import DocumentKit
import Localization

/// What the reading tools show over a frame: find matches, the selection and its handles in
/// content coordinates (zoom 1, logical px), and in window coordinates the find field, a
/// link's target, the help card and the touch find button. The renderer only draws it; the
/// app decides what it holds.
public struct ReadingOverlay: Equatable, Sendable {
    /// Every match in view, and the current one's rectangles.
    public var matchRects: [ContentRect] = []
    public var currentMatchRects: [ContentRect] = []
    /// The selection in view.
    public var selectionRects: [ContentRect] = []
    /// The selection's ends as carets (content coordinates) with a handle each, on touch.
    public var selectionHandles: (start: ContentRect, end: ContentRect)? {
        get { handles.map { ($0[0], $0[1]) } }
        set { handles = newValue.map { [$0.start, $0.end] } }
    }
    /// The find field, while it is open.
    public var findField: FindField?
    /// The go-to-page entry, while it is open (where the find field would be: the two never
    /// show together).
    public var pageEntry: PageEntry?
    /// A link's target beside the pointer or finger (window coordinates).
    public var tooltip: Tooltip?
    /// Whether the help card covers the window.
    public var isHelpShown = false
    /// How visible the touch find button is (it shows and fades with the window controls).
    public var findButtonOpacity = 0.0

    private var handles: [ContentRect]?

    public init() {}

    /// Whether there is nothing to draw.
    public var isEmpty: Bool { self == ReadingOverlay() }

    /// The find field's state as shown.
    public struct FindField: Equatable, Sendable {
        public var query: String
        /// Text an input method is composing, shown after the query, underlined.
        public var preedit: String
        /// "3 of 27", "No matches", ….
        public var status: String

        public init(query: String, preedit: String = "", status: String) {
            self.query = query
            self.preedit = preedit
            self.status = status
        }

        /// What the field says about the matches: the current one of how many, growing with a
        /// trailing ellipsis while the search runs, a "+" when the count hit its limit.
        public static func status(currentIndex: Int?, count: Int, isComplete: Bool, isCapped: Bool, hasQuery: Bool)
            -> String {
            guard hasQuery else { return "" }
            guard count > 0 else { return isComplete ? localized("No matches") : localized("Searching…") }
            let total = LocalizedNumber.string(count) + (isCapped ? "+" : "") + (isComplete ? "" : "…")
            // TRANSLATORS: the current match of how many, as in "3 of 27" ("27+" or "27…" while searching).
            return currentIndex.map { localized("%1$s of %2$s", LocalizedNumber.string($0 + 1), total) }
                ?? localizedPlural("%s match", "%s matches", count: count, total)
        }
    }

    /// The go-to-page entry's state as shown.
    public struct PageEntry: Equatable, Sendable {
        /// What was typed: a page number or a page label.
        public var text: String
        /// Text an input method is composing, shown after it, underlined.
        public var preedit: String
        /// What the entry says at its end: how many pages there are, or, after Enter, why the
        /// text leads to no page.
        public var status: String
        public var isError: Bool

        public init(text: String, preedit: String = "", status: String, isError: Bool = false) {
            self.text = text
            self.preedit = preedit
            self.status = status
            self.isError = isError
        }
    }

    /// A short text near a point of the window.
    public struct Tooltip: Equatable, Sendable {
        public var text: String
        public var x: Double
        public var y: Double

        public init(text: String, x: Double, y: Double) {
            self.text = text
            self.x = x
            self.y = y
        }
    }
}

/// Where the reading tools' controls sit in a window, in logical px: shared by drawing and
/// by the app's hit tests.
public enum ReadingOverlayGeometry {
    /// The find field: at the top right, as a browser's find bar, clear of the window
    /// controls' 44 px row; 44 px tall so a finger can place the cursor.
    public static func findFieldRect(windowWidth: Double) -> ContentRect {
        let width = min(360, windowWidth - 2 * marginPixels)
        return ContentRect(x: windowWidth - width - marginPixels, y: WindowControls().targetSizePixels + marginPixels,
                           width: width, height: WindowControls().targetSizePixels)
    }

    /// The touch find button's centre: beside the close button, one 44 px target to its left.
    public static func findButtonCenter(windowWidth: Double) -> (x: Double, y: Double) {
        let target = WindowControls().targetSizePixels
        return (windowWidth - target * 1.5, target / 2)
    }

    /// Whether `(x, y)` is on the touch find button (a 44 px target).
    public static func isOnFindButton(x: Double, y: Double, windowWidth: Double) -> Bool {
        let center = findButtonCenter(windowWidth: windowWidth), half = WindowControls().targetSizePixels / 2
        return abs(x - center.x) <= half && abs(y - center.y) <= half
    }

    /// A selection handle's knob radius in logical px (iOS draws about 5 pt; a little larger
    /// reads better on a 17 px line), and the 44 px square a finger grabs it by.
    public static let handleKnobRadiusPixels = 6.0
    public static let handleTargetPixels = 44.0

    /// The centre of the knob of a handle at `caret` (window coordinates): above the start of
    /// a selection, below its end, as iOS places them.
    public static func handleKnob(caret: ContentRect, isStart: Bool) -> (x: Double, y: Double) {
        (caret.x, isStart ? caret.y - handleKnobRadiusPixels : caret.maxY + handleKnobRadiusPixels)
    }

    /// Space between the overlays and the window's edges.
    static let marginPixels = 12.0
}
