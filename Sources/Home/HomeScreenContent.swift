import DocumentKit

/// The home's two screens, the recent documents and the folder view: entries in one section,
/// a heading and a list, pending until the entries arrive; neither pages, so neither keeps room
/// for a page control.
protocol HomeScreenContent: ChooserContent, EntryChooser {
    /// Whether the entries have arrived (they are read off the loop).
    var isLoaded: Bool { get }
}

extension HomeScreenContent {
    public var pageBottomInsetPixels: Double {
        get { 0 }
        set {}
    }
    public var entryChooser: (any EntryChooser)? { self }

    public var sectionCount: Int { 1 }
    public func isPending(section: Int) -> Bool { !isLoaded }
    public var firstVisibleBlock: AccessibleBlockLocation { AccessibleBlockLocation(section: 0, block: 0) }
    public func frame(ofCharacter offset: Int, in location: AccessibleBlockLocation) -> ContentRect? { nil }
    public func lineStartOffsets(of location: AccessibleBlockLocation) -> [Int]? { nil }
    public func destination(ofAnchor fragment: String, near location: AccessibleBlockLocation) -> AccessibleBlockLocation? { nil }
    public var blocksRevision: Int { revision }
}
