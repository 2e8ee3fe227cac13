import Glibc
import Localization
import Machinery

/// Finds the files Glide ships: installed beside the binary or in the source tree.
enum ResourceLocator {
    static let defaultDocumentName = "default-document.md"

    /// The directories searched, in order: `$GLIDE_RESOURCE_DIR`, `<prefix>/share/glide` for
    /// an installed binary in `<prefix>/bin`, and the source tree's `resources/`.
    static var searchDirectories: [String] {
        var directories: [String] = []
        if let override = getenv("GLIDE_RESOURCE_DIR") {
            directories.append(String(cString: override))
        }
        if let executable = executablePath() {
            let binDirectory = parent(of: executable)
            directories.append(parent(of: binDirectory) + "/share/glide")
        }
        // Sources/glide/ResourceLocator.swift → the repository's resources/.
        directories.append(parent(of: parent(of: parent(of: #filePath))) + "/resources")
        return directories
    }

    /// Where the message catalogs (`<lang>/LC_MESSAGES/glide.mo`) may be, in order:
    /// `$GLIDE_LOCALE_DIR`, `<prefix>/share/locale` for an installed binary, and the source
    /// tree's `.build/locale` (`make locale` compiles `po/` there).
    static var localeDirectories: [String] {
        var directories: [String] = []
        if let override = getenv(Localization.catalogDirectoryVariable) {
            directories.append(String(cString: override))
        }
        if let executable = executablePath() {
            directories.append(parent(of: parent(of: executable)) + "/share/locale")
        }
        directories.append(parent(of: parent(of: parent(of: #filePath))) + "/.build/locale")
        return directories
    }

    /// The path of a shipped file, or nil when no search directory has it.
    static func path(of name: String) -> String? {
        searchDirectories.map { "\($0)/\(name)" }.first { access($0, R_OK) == 0 }
    }

    private static func executablePath() -> String? { FilePath.executable }

    private static func parent(of path: String) -> String { FilePath.parent(of: path) }
}
