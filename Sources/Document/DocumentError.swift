import Glibc

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
            return "cannot open '\(path)': \(reason)"
        case .noImages(let directory):
            return "no readable images in '\(directory)' (looked for "
                + ImageDirectory.extensions.map { "." + $0 }.joined(separator: ", ") + ")"
        }
    }
}
