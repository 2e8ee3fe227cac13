/// A document a kind has opened: what the app needs to show it, remember where the reader
/// was and follow its file. Each kind's document type conforms; the app never names them.
public protocol LoadedDocument: AnyObject {
    /// What the document is called: its file's name, for the window title.
    var title: String { get }

    /// The file it was read from, whose reading position is remembered and which is watched
    /// for changes; nil for text given in memory and for collections of several files.
    var path: String? { get }

    /// Whether the file can be read again when it changes (text read from a file).
    var isReloadable: Bool { get }

    /// Whether the reader opened one item of a collection (an image opened alone, shown among
    /// its folder's): it opens at that item, not where the collection was left.
    var opensAtItem: Bool { get }

    /// Whether it is shown as pages side by side, one per flick, even without `--paging` (a
    /// collection of images).
    var isPagedByDefault: Bool { get }

    /// Whether it has an outline `--split` can show above its pages; images have none.
    var hasOutline: Bool { get }

    /// Whether it may share a strip of pages with other files opened with it; a PDF opens on
    /// its own.
    var joinsStrips: Bool { get }

    /// Lays the document out, scrolling or (`paged`) as pages side by side.
    func makeLayout(palette: Palette, paged: Bool) -> any DocumentContent

    /// Waits until an open still running in the background has ended (a PDF's), throwing
    /// what it found: so a start-up that fails reports the document's error first.
    func waitUntilOpened() throws(DocumentError)
}

extension LoadedDocument {
    /// Lays the document out to scroll.
    public func makeLayout(palette: Palette) -> any DocumentContent { makeLayout(palette: palette, paged: false) }

    public var opensAtItem: Bool { false }
    public func waitUntilOpened() throws(DocumentError) {}
}

/// A kind of document Glide shows, as registered with the app: which files are its, and how
/// they open. Adding a kind is a module that conforms to this and the capability protocols,
/// one entry in the registry, its tests and a README line.
public protocol DocumentKind {
    /// What a file of this kind is, for `--help`'s FILE line ("a PDF"), in the user's language.
    static var fileDescription: String { get }

    /// Whether the file at `path`, whose first bytes (up to `FileFormat.sniffedBytes`) are
    /// `head`, is this kind's: by its bytes, never by its name alone.
    static func recognises(head: [UInt8], path: String) -> Bool

    /// Opens the file at `path`, whose bytes `source` reads.
    static func open(path: String, source: SourceBytes) throws(DocumentError) -> any LoadedDocument

    /// The MIME type of a file of this kind that starts with `head`, for the desktop's recent
    /// documents.
    static func mimeType(head: [UInt8], path: String) -> String
}

extension DocumentKind {
    /// What `FileFormat` says the bytes are.
    public static func mimeType(head: [UInt8], path: String) -> String {
        FileFormat.recognise(head: head, path: path).mimeType
    }
}
