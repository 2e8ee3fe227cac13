import Glibc
import Localization

/// Why a document could not be opened.
public enum DocumentError: Error, CustomStringConvertible, Equatable {
    /// The file could not be read; `reason` is the system's wording (`No such file or directory`).
    case cannotOpen(path: String, reason: String)
    /// A directory holds no file that looks like an image.
    case noImages(directory: String)

    init(path: String, errno code: Int32) {
        self = .cannotOpen(path: path, reason: String(cString: strerror(code)))
    }

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return localized("cannot open '%s': %s", path, reason)
        case .noImages(let directory):
            return localized("no readable images in '%s' (looked for %s)", directory,
                             ImageDirectory.extensions.map { "." + $0 }.joined(separator: ", "))
        }
    }
}
