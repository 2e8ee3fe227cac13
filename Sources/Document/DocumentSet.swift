import Localization

/// The documents that several paths open together: the files Glide shows, with a notice for
/// each it skips because of its format.
public struct DocumentSet {
    /// One document, or several to show as one strip of pages.
    public var documents: [Document]
    /// One line for each file left out (`cannot open 'a.epub': EPUB files are not supported`).
    public var skipped: [DocumentError]

    /// Opens `paths`. One path: its document, or its error. Several: files of a format Glide
    /// does not show are skipped (an error only if all are); images alone become one image
    /// collection; text and images together become text documents, each image a page of its
    /// own. Any other error (a missing file) is thrown.
    public init(opening paths: [String]) throws(DocumentError) {
        documents = []
        skipped = []
        for path in paths {
            do {
                documents.append(try Document(contentsOfFile: path))
            } catch {
                guard case .unsupportedFormat = error, paths.count > 1 else { throw error }
                skipped.append(error)
            }
        }
        if documents.isEmpty, let first = skipped.first { throw first }
        guard documents.count > 1 else { return }
        if documents.allSatisfy({ $0.kind == .imageCollection && $0.imagePaths.count == 1 }) {
            let title = localizedPlural("%s image", "%s images", count: documents.count, LocalizedNumber.string(documents.count))
            documents = [Document(title: title, imagePaths: documents.flatMap(\.imagePaths))]
        } else if documents.contains(where: { $0.kind == .imageCollection }) {
            documents = documents.flatMap { document in
                document.kind == .text ? [document] : document.imagePaths.map { path in
                    Document(pageShowingImageAt: path, title: path.split(separator: "/").last.map(String.init) ?? path)
                }
            }
        }
    }
}
