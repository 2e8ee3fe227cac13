import Machinery

extension RecentDocuments {
    /// Adds the files the reader opened to the desktop's recent documents, off the loop: the
    /// list is XML that other applications grow to megabytes. `mimeType` names a file's type
    /// (nil: not one to list); `title` is given to every file (a book's own title).
    public static func noteOpenedInBackground(_ paths: [String], title: String?, mimeType: @escaping @Sendable (String) -> String?) {
        WorkQueue.shared.submit(priority: .background) { _ in
            let recent = RecentDocuments()
            for path in paths {
                guard let type = mimeType(path) else { continue }
                recent.noteOpened(path: path, title: title, mimeType: type)
            }
        }
    }
}
