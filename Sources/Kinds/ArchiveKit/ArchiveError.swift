import DocumentKit
import Glibc
import Localization

/// Why an archive (a book's zip, a comic's), or one file inside it, could not be read. Each
/// case is one line a reader can act on; `documentError(path:)` puts it after the file's name.
public enum ArchiveError: Error, Equatable, CustomStringConvertible {
    /// The system refused to open or read the file; `code` is its `errno`.
    case system(code: Int32)
    /// A directory, a FIFO or a device, not an archive.
    case notRegularFile
    /// The zip's end record or directory is missing or broken (a truncated or non-zip file),
    /// or an entry does not inflate; `detail` says which, in words.
    case damaged(detail: String)
    /// More entries than the archive's reader takes (`ZipArchive.maximumEntryCount`).
    case tooManyEntries(limit: Int)
    /// An entry the document needs is not in the archive (or has a name that is never served:
    /// absolute, or climbing out with `..`).
    case missingEntry(name: String)
    /// An entry inflates past what its reader allowed: a zip bomb, or a file too large to show.
    case entryTooLarge(name: String, maximumBytes: Int)
    /// An entry is encrypted with a zip password.
    case passwordProtected(name: String)
    /// The document's own encryption, not the archive's: an EPUB's `META-INF/encryption.xml`
    /// encrypts something other than fonts obfuscated by the IDPF or Adobe algorithms.
    case protectedByDRM

    /// The reason, in the user's language, as it follows "cannot open 'book.epub': ".
    public var description: String {
        switch self {
        case .system(let code):
            return String(cString: strerror(code))
        case .notRegularFile:
            return localized("not a regular file")
        case .damaged(let detail):
            return localized("it is damaged: %s", detail)
        case .tooManyEntries(let limit):
            return localized("it has more than %s files", LocalizedNumber.string(limit))
        case .missingEntry(let name):
            return localized("it is damaged: it has no file '%s'", name)
        case .entryTooLarge(let name, let maximumBytes):
            return localized("its file '%1$s' is larger than %2$s MB", name,
                             LocalizedNumber.string(max(1, maximumBytes >> 20)))
        case .passwordProtected(let name):
            return localized("its file '%s' is encrypted with a password", name)
        case .protectedByDRM:
            return localized("it is protected by DRM")
        }
    }

    /// The project's error for the book at `path`: "cannot open 'book.epub': it is protected by DRM".
    public func documentError(path: String) -> DocumentError {
        .cannotOpen(path: path, reason: description)
    }
}
