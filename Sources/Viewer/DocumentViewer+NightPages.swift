import DocumentKit

extension DocumentViewer {
    /// Whether night pages are on (`ViewerState+NightPages`).
    public var showsNightPages: Bool { state.showsNightPages }
    /// How the reader chose to show this document's pages, to save with the reading position.
    public var pageModes: PageModes { state.pageModes }

    /// Turns night pages on or off as Ctrl+I does (a screen reader's action).
    public func toggleNightPages() {
        state.toggleNightPages()
    }

    /// The desktop's dark style changed while reading: night pages follow it.
    public func desktopDarkStyleChanged(prefersDark: Bool) {
        state.followDesktopDarkStyle(prefersDark: prefersDark)
    }
}
