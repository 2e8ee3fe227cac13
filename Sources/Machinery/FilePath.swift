import Glibc

/// Paths as strings: the one place a path is cut into its folder and name.
public enum FilePath {
    /// The folder `path` is in: `.` for a bare name, `/` for a file at the root.
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path` (its name), or the path itself when it has none. For
    /// `/proc/self/fd/N`, the stand-in of a file whose name is not UTF-8 (see `RawArguments`),
    /// the name of the file the descriptor holds, its bad bytes replaced by U+FFFD, not `N`.
    public static func name(of path: String) -> String {
        nameOfFile(heldAt: path) ?? path.split(separator: "/").last.map(String.init) ?? path
    }

    private static let descriptorDirectory = "/proc/self/fd/"

    /// The name of the file `path` (`/proc/self/fd/N`) holds, from the descriptor's link; nil
    /// for another path, or a descriptor that holds no named file (a pipe's link reads
    /// `pipe:[…]`).
    private static func nameOfFile(heldAt path: String) -> String? {
        guard path.hasPrefix(descriptorDirectory), Int32(path.dropFirst(descriptorDirectory.count)) != nil else { return nil }
        var target = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let count = target.withUnsafeMutableBytes { readlink(path, $0.bindMemory(to: CChar.self).baseAddress!, $0.count) }
        guard count > 1, target[0] == UInt8(ascii: "/"), let slash = target[..<count].lastIndex(of: UInt8(ascii: "/")) else {
            return nil
        }
        return String(decoding: target[(slash + 1)..<count], as: UTF8.self)
    }

    /// The process's working directory, or `.` when it cannot be had.
    public static func currentDirectory() -> String {
        guard let directory = getcwd(nil, 0) else { return "." }
        defer { free(directory) }
        return String(cString: directory)
    }

    /// `path` made absolute against the working directory.
    public static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory() + "/" + path
    }

    /// The running executable's path, from `/proc/self/exe`.
    public static let executable: String? = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// A helper program of Glide's (`glide-image-decoder`): beside the running executable (a
    /// build directory, or an installed `bin/`), else in `../libexec/glide/`.
    public static func helper(named name: String) -> String? {
        guard let executable else { return nil }
        let directory = parent(of: executable)
        return [directory + "/" + name, parent(of: directory) + "/libexec/glide/" + name].first { access($0, X_OK) == 0 }
    }
}
