import DocumentKit
import Localization
import Machinery

/// A DjVu document as the app opens it: its pages one after another (or a page per screen
/// with `--paging`).
public final class DjVuDocument: LoadedDocument {
    public let file: DjVuFile

    public init(file: DjVuFile) {
        self.file = file
    }

    public var title: String { FilePath.name(of: file.path) }

    public var path: String? { file.path }

    /// Not read again when it changes: its pages are decoded from the file as they are shown.
    public var isReloadable: Bool { false }

    public var isPagedByDefault: Bool { false }

    public var hasOutline: Bool { true }

    /// A DjVu opens on its own.
    public var joinsStrips: Bool { false }

    public func makeLayout(palette: Palette, paged: Bool) -> any DocumentContent {
        DjVuLayout(file: file, palette: palette, paged: paged)
    }
}

/// DjVu documents, bundled (`DJVM`), single-page (`DJVU`) or the index of an indirect one,
/// recognised by their IFF header `AT&TFORM`, then the form's type at byte 12.
public enum DjVuKind: DocumentKind {
    public static var fileDescription: String { localized("a DjVu document") }

    public static func recognises(head: [UInt8], path: String) -> Bool {
        FileFormat.recognise(head: head, path: path) == .djvu
    }

    public static func open(path: String, source: SourceBytes) throws(DocumentError) -> any LoadedDocument {
        DjVuDocument(file: try DjVuFile(path: path))
    }
}
