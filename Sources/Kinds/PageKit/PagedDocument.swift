import DocumentKit
import Machinery

/// A paged document as the app opens it, whatever its kind: its file, shown one page after
/// another (or a page per screen with `--paging`), each layout with pages of its own
/// (`Source`).
public final class PagedDocument<Source: FilePageSource>: LoadedDocument {
    public let file: Source.File

    public init(file: Source.File) {
        self.file = file
    }

    public var title: String { FilePath.name(of: file.path) }

    public var path: String? { file.path }

    /// Not read again when it changes: the kind holds the file open, and its pages are read
    /// from it as they are shown.
    public var isReloadable: Bool { false }

    public var isPagedByDefault: Bool { false }

    public var hasOutline: Bool { true }

    /// A paged document opens on its own.
    public var joinsStrips: Bool { false }

    public func makeLayout(palette: Palette, paged: Bool) -> any DocumentContent {
        PagedLayout<Source>(file: file, palette: palette, paged: paged)
    }

    public func waitUntilOpened() throws(DocumentError) {
        try file.waitUntilOpened()
    }
}
