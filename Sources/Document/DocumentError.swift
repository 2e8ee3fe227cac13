import Glibc

/// Why a document could not be opened.
public enum DocumentError: Error, CustomStringConvertible {
    /// The file could not be read; `reason` is the system's wording (`No such file or directory`).
    case cannotOpen(path: String, reason: String)

    init(path: String, errno code: Int32) {
        self = .cannotOpen(path: path, reason: String(cString: strerror(code)))
    }

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "cannot open '\(path)': \(reason)"
        }
    }
}
