import DocumentKit
import Localization
import PageKit

/// A DjVu document as the app opens it (`PagedDocument`).
public typealias DjVuDocument = PagedDocument<DjVuPages>

/// A DjVu document is a paged document's file, opened whole before any window.
extension DjVuFile: PageFile {}

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
