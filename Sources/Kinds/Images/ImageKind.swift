import DocumentKit
import Localization
import Machinery

/// Images gdk-pixbuf decodes (by their magic numbers; SVG by its first element), shown among
/// their folder's when opened alone; and folders of images.
public enum ImageKind: DocumentKind {
    public static var fileDescription: String { localized("an image") }

    public static func recognises(head: [UInt8], path: String) -> Bool {
        if case .image = FileFormat.recognise(head: head, path: path) { return true }
        return false
    }

    public static func open(path: String, source: SourceBytes) throws(DocumentError) -> any LoadedDocument {
        ImageCollection(title: FilePath.name(of: path), imagePaths: [path])
    }
}
