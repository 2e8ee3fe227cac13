/// The overview of the pages, from outside the seat: the grid button's action, and what tests
/// and benchmarks ask.
extension DocumentViewer {
    /// Whether the grid of the pages' thumbnails shows in place of the document.
    public var isOverviewShown: Bool { input.overview.isOpen }

    /// Shows the grid, or gives the document back where the reader left it; false when the
    /// document has no pages to show as thumbnails.
    @discardableResult
    public func toggleOverview() -> Bool {
        if input.overview.isOpen {
            input.overview.close()
            return true
        }
        return input.overview.open()
    }
}
