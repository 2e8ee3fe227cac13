/// Content made of entries a reader chooses from rather than reads: the home's recent
/// documents and the folder view's rows. The viewer hands it taps, clicks, a long press or a
/// right click, and the list keys; the content decides what choosing an entry does.
public protocol EntryChooser: AnyObject {
    /// How many entries there are now (they arrive off the loop; 0 until then).
    var entryCount: Int { get }
    /// The entry or control at `point` (content coordinates, zoom 1), if any.
    func entry(at point: ContentPoint) -> Int?
    /// Where entry `index` is drawn (content coordinates, zoom 1).
    func frame(ofEntry index: Int) -> ContentRect
    /// The entry the keys are on (drawn with a focus ring); nil before a key moves it.
    var focusedEntry: Int? { get set }
    /// The entry a key press moves the focus to from `index`: a grid moves by rows and columns.
    func entry(from index: Int, moving direction: EntryDirection) -> Int
    /// Chooses what is at `point` (a tap, a click, Return on the focused entry's centre).
    func choose(at point: ContentPoint) -> EntryChoice
    /// A long press or a right click at `point`: offers what can be done with the entry there
    /// ("Remove from recent"); false when there is nothing to offer.
    func offerActions(at point: ContentPoint) -> Bool
    /// Reads the entries again (off the loop), as the content is shown again.
    func refresh()
}

/// Where a list key moves the focus.
public enum EntryDirection: Sendable {
    case up, down, left, right, first, last
}

/// What choosing an entry does.
public enum EntryChoice: Equatable, Sendable {
    /// Nothing there.
    case none
    /// The content answered itself (a folder entered, an entry removed, actions offered).
    case handled
    /// Open the document at `path` in this window, where the reader left it.
    case open(path: String)
    /// It cannot be opened; one line saying why.
    case refused(String)
    /// Ask the desktop for files to open (the home's Open… button), as Ctrl+O does.
    case openChooser
}

extension DocumentContent {
    /// Content that is not a list of entries to choose from (every kind).
    public var entryChooser: (any EntryChooser)? { nil }
}
