import Glibc
import Localization

/// Why a document could not be opened.
public enum DocumentError: Error, CustomStringConvertible, Equatable {
    /// The file could not be read; `reason` is the system's wording (`No such file or directory`).
    case cannotOpen(path: String, reason: String)
    /// The file holds a format Glide does not show; `name` says which (`EPUB`, `ELF`).
    case unsupportedFormat(path: String, name: String)
    /// A directory holds no file that looks like an image.
    case noImages(directory: String)
    /// A PDF poppler cannot open; `reason` says why (encrypted, damaged, truncated).
    case unreadablePDF(path: String, reason: String)

    public init(path: String, errno code: Int32) {
        self = .cannotOpen(path: path, reason: String(cString: strerror(code)))
    }

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return localized("cannot open '%1$s': %2$s", path, reason)
        case .unsupportedFormat(let path, let name):
            return localized("cannot open '%1$s': %2$s files are not supported", path, name)
        case .noImages(let directory):
            return localized("no readable images in '%1$s' (looked for %2$s)", directory,
                             FileFormat.imageExtensions.map { "." + $0 }.joined(separator: ", "))
        case .unreadablePDF(let path, let reason):
            return localized("cannot open PDF '%1$s': %2$s", path, reason)
        }
    }
}
