import DocumentKit
import Glibc

/// Finding the images of a collection in a directory.
public enum ImageDirectory {
    /// The file extensions taken for images: the formats of gdk-pixbuf's standard loaders and
    /// of the WebP, AVIF and SVG loaders the Makefile installs.
    public static let extensions = FileFormat.imageExtensions

    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    public static func hasImageExtension(_ path: String) -> Bool { FileFormat.hasImageExtension(path) }

    /// The directory that holds `path` (`.` for a bare name).
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The collection an image opened alone belongs to: its folder's images, and its place
    /// among them; just the image where the folder cannot be listed.
    static func collection(openingImageAt path: String) -> (paths: [String], index: Int) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let paths = try? imagePaths(in: parent(of: path)),
              let index = paths.firstIndex(where: { $0.split(separator: "/").last.map(String.init) == name })
        else { return ([path], 0) }
        return (paths, index)
    }

    /// The readable image files in `directory`, in natural order (`2.jpg` before `10.jpg`).
    static func imagePaths(in directory: String) throws(DocumentError) -> [String] {
        guard let stream = opendir(directory) else { throw DocumentError(path: directory, errno: errno) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard !name.hasPrefix("."), hasImageExtension(name) else { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(path, R_OK) == 0 else { continue }
            names.append(name)
        }
        guard !names.isEmpty else { throw .noImages(directory: directory) }
        return names.map { (NaturalSortKey($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1).map { directory.hasSuffix("/") ? directory + $0 : directory + "/" + $0 }
    }

    /// Whether `left` comes before `right` when runs of digits compare as numbers, whatever
    /// their case (`NaturalSortKey`).
    static func isInNaturalOrder(_ left: String, _ right: String) -> Bool {
        NaturalSortKey(left) < NaturalSortKey(right)
    }
}
