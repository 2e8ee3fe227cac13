import DocumentKit
import Localization
import PageKit

/// A PDF as the app opens it (`PagedDocument`).
public typealias PDFDocument = PagedDocument<PDFPages>

/// A PDF is a paged document's file; poppler's verdict on it may come after the open.
extension PDFFile: PageFile {}

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
