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
        return names.sorted(by: isInNaturalOrder).map { directory.hasSuffix("/") ? directory + $0 : directory + "/" + $0 }
    }

    /// Whether `left` comes before `right` when runs of digits compare as numbers.
    public static func isInNaturalOrder(_ left: String, _ right: String) -> Bool {
        var leftScalars = Array(left.lowercased().unicodeScalars)[...]
        var rightScalars = Array(right.lowercased().unicodeScalars)[...]
        func number(_ scalars: inout ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
            let digits = scalars.prefix { ("0"..."9").contains($0) }
            scalars = scalars.dropFirst(digits.count)
            return Array(digits.drop { $0 == "0" })
        }
        while let leftFirst = leftScalars.first, let rightFirst = rightScalars.first {
            if ("0"..."9").contains(leftFirst), ("0"..."9").contains(rightFirst) {
                let (leftNumber, rightNumber) = (number(&leftScalars), number(&rightScalars))
                if leftNumber.count != rightNumber.count { return leftNumber.count < rightNumber.count }
                if leftNumber != rightNumber { return leftNumber.lexicographicallyPrecedes(rightNumber) { $0.value < $1.value } }
            } else {
                if leftFirst != rightFirst { return leftFirst.value < rightFirst.value }
                leftScalars = leftScalars.dropFirst()
                rightScalars = rightScalars.dropFirst()
            }
        }
        return leftScalars.count < rightScalars.count
    }
}
