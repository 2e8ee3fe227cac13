import DocumentKit
import Machinery

extension RecentDocuments {
    /// Adds the files the reader opened to the desktop's recent documents, off the loop: the
    /// list is XML that other applications grow to megabytes. `shown` are the documents opened
    /// from them (one file's own title, a book's, names its entry); `mimeType` names a file's
    /// type (nil: not one to list).
    public static func noteOpenedInBackground(_ paths: [String], shown: [any LoadedDocument],
                                              typedBy mimeType: @escaping @Sendable (String) -> String?) {
        let title = shown.count == 1 && paths.count == 1 && shown[0].path == paths[0] ? shown[0].title : nil
        WorkQueue.shared.submit(priority: .background) { _ in
            let recent = RecentDocuments()
            for path in paths {
                guard let type = mimeType(path) else { continue }
                recent.noteOpened(path: path, title: title, mimeType: type)
            }
        }
    }
}
