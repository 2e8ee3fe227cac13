/// Showing a file read again after it changed, whichever layout shows it.
extension ContentLayout {
    /// Shows `document` in place of the shown document that was read from the same file
    /// (`document.path`), keeping the reading position at the same block (see
    /// `DocumentLayout.replaceDocument(with:)`). Returns false if this layout shows no such
    /// document (an image collection, or another file).
    @discardableResult
    public func replaceDocument(with document: Document) -> Bool {
        guard let path = document.path, document.kind == .text else { return false }
        let columns: [DocumentLayout]
        switch self {
        case let layout as DocumentLayout: columns = [layout]
        case let pages as HorizontalPagesLayout: columns = [pages.column]
        case let collection as DocumentCollectionLayout: columns = collection.documents.map(\.column)
        default: columns = []
        }
        guard let column = columns.first(where: { $0.document.path == path && $0.document.isReloadable }) else { return false }
        column.replaceDocument(with: document)
        return true
    }
}
