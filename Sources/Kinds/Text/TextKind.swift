import DocumentKit
import Localization

/// Text: Markdown by its name (`.md`, `.markdown`), and any other text as plain text. Text
/// has no magic number: a file is text when its bytes look like it, judged after every
/// format that has one (`FileFormat.recognise`).
public enum TextKind: DocumentKind {
    public static var fileDescription: String { localized("a text or Markdown (.md, .markdown) file") }

    public static func recognises(head: [UInt8], path: String) -> Bool {
        switch FileFormat.recognise(head: head, path: path) {
        case .plainText, .markdown: true
        default: false
        }
    }

    public static func open(path: String, source: SourceBytes) throws(DocumentError) -> any LoadedDocument {
        TextDocument(path: path, source: source)
    }
}
