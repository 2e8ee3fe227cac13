import Glibc
import KindRegistry
import Localization
import Machinery

/// One row of the folder view: a folder to enter, or a document Glide shows.
public struct FolderRow: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The folder above (the list's first row, one tap away).
        case parent
        case folder
        case document(kindName: String)
    }

    public var name: String
    public var path: String
    public var kind: Kind
}

/// What a folder holds that the folder view lists (files: call it off the loop): its parent,
/// its folders, then the documents of kinds Glide shows (by their bytes, as opening them
/// would decide), each group by name as Files sorts it; hidden entries are left out.
public enum FolderListing {
    /// How many entries of a folder are looked at: a folder of a million files lists its
    /// first ones rather than keeping the worker for minutes.
    public static let maximumEntries = 5_000

    public static func rows(of directory: String, showsFile: (String) -> String? = KindRegistry.mimeType(ofFileAt:)) -> [FolderRow] {
        var folders: [FolderRow] = [], documents: [FolderRow] = []
        if let stream = opendir(directory) {
            defer { closedir(stream) }
            var seen = 0
            while seen < maximumEntries, let entry = readdir(stream) {
                seen += 1
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                guard !name.hasPrefix(".") else { continue }
                let path = (directory == "/" ? "" : directory) + "/" + name
                var status = stat()
                guard stat(path, &status) == 0 else { continue }
                if status.st_mode & S_IFMT == S_IFDIR {
                    folders.append(FolderRow(name: name, path: path, kind: .folder))
                } else if status.st_mode & S_IFMT == S_IFREG, let type = showsFile(path) {
                    documents.append(FolderRow(name: name, path: path, kind: .document(kindName: HomeEntry.kindName(ofMIMEType: type))))
                }
            }
        }
        let byName: (FolderRow, FolderRow) -> Bool = { $0.name.lowercased() < $1.name.lowercased() }
        let parent = directory == "/" ? [] : [FolderRow(name: localized("Parent folder"), path: FilePath.parent(of: directory), kind: .parent)]
        return parent + folders.sorted(by: byName) + documents.sorted(by: byName)
    }
}
