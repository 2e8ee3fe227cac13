/// How the reader chose to show one document's pages, remembered beside its reading position
/// (issue 26). Each mode is optional: nil is "as Glide decides" (the desktop, the command
/// line, the kind's default), so a record written before a mode existed, or by a reader who
/// never chose it, reads back as no choice. Other modes (rotation) join as optional
/// fields of their own; old records decode unchanged.
public struct PageModes: Codable, Equatable, Sendable {
    /// Night pages (`Palette.nightPages`, Ctrl+I): on or off as the reader last set them for
    /// this document; nil follows the desktop's dark style.
    public var nightPages: Bool?
    /// How the pages were fitted to the window (`w`, `f`, Ctrl+0, or zoomed by hand); nil in
    /// a record from before fit (or for text), where a remembered zoom other than 1 was the
    /// reader's own (`free`) and otherwise automatic applies.
    public var fit: PageFit?
    /// Two pages side by side (`d`): as the reader last set them; nil is one page at a time.
    public var spreads: Bool?
    /// Whether the first page is shown alone in spreads (Shift+D); nil is alone, a book's cover.
    public var spreadsHaveCover: Bool?

    public init(nightPages: Bool? = nil, fit: PageFit? = nil, spreads: Bool? = nil, spreadsHaveCover: Bool? = nil) {
        self.nightPages = nightPages
        self.fit = fit
        self.spreads = spreads
        self.spreadsHaveCover = spreadsHaveCover
    }

    /// Whether night pages start on: `--dark` (`forcedOn`) turns them on; else the reader's
    /// choice for this document; else the desktop's dark style.
    public func startsWithNightPages(forcedOn: Bool, desktopPrefersDark: Bool) -> Bool {
        forcedOn || (nightPages ?? desktopPrefersDark)
    }
}
