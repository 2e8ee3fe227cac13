import DocumentKit

/// Night pages (issue 26): the document drawn in the night palette (`Palette.dark`, whose
/// `nightPages` has the paged kinds render their pages with the lightness inverted where the
/// pixels are made). The reader toggles them (Ctrl+I, or the document's accessible action),
/// and that choice is this document's (`pageModes`); the desktop's dark style turns them on
/// or off as it changes.
extension ViewerState {
    /// Whether night pages are on now.
    public var showsNightPages: Bool { document.palette.nightPages }

    /// The reader turns night pages on or off: remembered for this document.
    func toggleNightPages() {
        let isOn = !showsNightPages
        pageModes.nightPages = isOn
        setNightPages(isOn)
    }

    /// The desktop's dark style changed while reading (the Settings portal's `color-scheme`):
    /// night pages follow it, and the reader's earlier choice for this document gives way to
    /// it (the newer word wins), so the document follows the desktop again next time.
    func followDesktopDarkStyle(prefersDark: Bool) {
        documentDefaults.desktopPrefersDark = prefersDark
        pageModes.nightPages = nil
        setNightPages(prefersDark)
    }

    /// Shows the document, and the outline above it, in the night or the day palette. The
    /// pages already drawn stay on screen until their pixels in the new style arrive.
    func setNightPages(_ isOn: Bool) {
        let palette = Palette.forNight(isOn)
        guard document.palette != palette else { return }
        document.palette = palette
        outline?.palette = ViewerState.outlinePalette(for: palette)
        needsFrame = true
    }

    /// The outline list's palette over a document's: a tinted list sets itself apart from the
    /// page below it without a rule to draw.
    static func outlinePalette(for palette: Palette) -> Palette {
        var list = palette
        list.page = palette.codeBackground
        return list
    }
}
