import DocumentKit

/// Showing a file read again after it changed, whichever text layout shows it: the column
/// that shows the same file takes it, keeping the reading position at the same block (see
/// `DocumentLayout.replaceDocument(with:)`).
extension DocumentLayout {
    public func replaceDocument(with document: any LoadedDocument) -> Bool {
        TextColumns.replace(in: [self], with: document)
    }
}

extension HorizontalPagesLayout {
    public func replaceDocument(with document: any LoadedDocument) -> Bool {
        TextColumns.replace(in: [column], with: document)
    }
}

extension DocumentCollectionLayout {
    public func replaceDocument(with document: any LoadedDocument) -> Bool {
        TextColumns.replace(in: documents.map(\.column), with: document)
    }
}

enum TextColumns {
    /// Gives `document` to the column of `columns` that shows its file, when it is text read
    /// again; false when none does.
    static func replace(in columns: [DocumentLayout], with document: any LoadedDocument) -> Bool {
        guard let text = document as? TextDocument, let path = text.path,
              let column = columns.first(where: { $0.document.path == path && $0.document.isReloadable }) else { return false }
        column.showReloaded(text)
        return true
    }
}
