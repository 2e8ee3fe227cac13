import DocumentKit
import Localization
import Machinery

/// A PDF as the app opens it: the file, shown one page after another (or a page per screen
/// with `--paging`).
public final class PDFDocument: LoadedDocument {
    public let file: PDFFile

    public init(file: PDFFile) {
        self.file = file
    }

    public var title: String { FilePath.name(of: file.path) }

    public var path: String? { file.path }

    /// A PDF is not read again when it changes (poppler holds the file open).
    public var isReloadable: Bool { false }

    public var isPagedByDefault: Bool { false }

    public var hasOutline: Bool { true }

    /// A PDF opens on its own.
    public var joinsStrips: Bool { false }

    public func makeLayout(palette: Palette, paged: Bool) -> any DocumentContent {
        PDFLayout(file: file, palette: palette, paged: paged)
    }

    public func waitUntilOpened() throws(DocumentError) {
        try file.waitUntilOpened()
    }
}

/// PDF files, recognised by their `%PDF-` header; poppler opens them in the background.
public enum PDFKind: DocumentKind {
    public static var fileDescription: String { localized("a PDF") }

    public static func recognises(head: [UInt8], path: String) -> Bool {
        FileFormat.recognise(head: head, path: path) == .pdf
    }

    public static func open(path: String, source: SourceBytes) throws(DocumentError) -> any LoadedDocument {
        PDFDocument(file: try PDFFile(openingInBackground: path))
    }
}
