import Glibc
import Localization

/// A loaded document: text cut into sections that are parsed and laid out only when needed,
/// or a collection of images shown one per page.
public final class Document {
    /// What the document holds.
    public enum Kind: Equatable, Sendable {
        case text
        /// Images, one per page, from `imagePaths`.
        case imageCollection
        /// A PDF, from `pdf`.
        case pdf
    }

    /// Where the document came from, for the window title.
    public let title: String
    public let kind: Kind
    /// The directory relative image sources are read from.
    public let baseDirectory: String
    /// The images of a collection, in order; empty for text.
    public let imagePaths: [String]
    /// The page to open at: the image that was opened alone, within its folder's collection.
    public let startPage: Int
    /// Whether the reader opened one image, shown at `startPage` among its folder's, rather
    /// than a document or a folder whose reading position is worth returning to.
    public private(set) var opensAtImage = false
    /// The file the document was read from (nil for text given in memory and collections of
    /// several images): the file to watch and reload.
    public let path: String?
    private let source: SourceBytes?
    /// The PDF, for `.pdf`.
    public let pdf: PDFFile?
    private let sections: TextSections

    /// The size of a section of source, in bytes: about three screens of body text at
    /// 1280 px, which pango lays out in a few ms, so a first frame needs one or two.
    static let sectionBytes = 8192

    /// Markdown up to this size is parsed whole, so that reference links and fenced code with
    /// blank lines work everywhere; cmark-gfm parses it in well under 100 ms. Larger files, and
    /// pathologically nested ones (`NestingScan`), are parsed a section at a time.
    static let wholeParseLimitBytes = 4 << 20

    /// Opens a file or a directory. A directory is an image collection; a file is recognised
    /// by its bytes (`FileFormat`): an image, Markdown (by its name) or plain text; anything
    /// else is refused with `DocumentError.unsupportedFormat`.
    /// See `init(openingAlone:)` for a file opened on its own.
    public convenience init(contentsOfFile path: String) throws(DocumentError) {
        let title = path.split(separator: "/").last.map(String.init) ?? path
        if ImageDirectory.isDirectory(path) {
            self.init(title: title, imagePaths: try ImageDirectory.imagePaths(in: path))
            return
        }
        let bytes = try SourceBytes(path: path)
        switch FileFormat.recognise(head: bytes.head(FileFormat.sniffedBytes), path: path) {
        case .image:
            self.init(title: title, imagePaths: [path])
        case .pdf:
            self.init(title: title, pdf: try PDFFile(openingInBackground: path))
        case .unsupported(let name):
            throw .unsupportedFormat(path: path, name: name)
        case .plainText:
            self.init(title: title, bytes: bytes, isMarkdown: false, baseDirectory: ImageDirectory.parent(of: path),
                      path: path)
        case .markdown:
            self.init(title: title, bytes: bytes, isMarkdown: true, baseDirectory: ImageDirectory.parent(of: path),
                      path: path)
        }
    }

    /// Opens a file the reader opened on its own: as `init(contentsOfFile:)`, except that an
    /// image opens its folder's images as the collection, at that image (as Loupe does), so
    /// the next and previous pictures are a swipe away.
    public convenience init(openingAlone path: String) throws(DocumentError) {
        guard !ImageDirectory.isDirectory(path), ImageDirectory.hasImageExtension(path) else {
            try self.init(contentsOfFile: path)
            return
        }
        let folder = ImageDirectory.collection(openingImageAt: path)
        let title = path.split(separator: "/").last.map(String.init) ?? path
        self.init(title: title, imagePaths: folder.paths, startPage: folder.index)
        opensAtImage = true
    }

    /// A document from text already in memory.
    public convenience init(text: String, isMarkdown: Bool, title: String, baseDirectory: String = ".") {
        self.init(title: title, bytes: SourceBytes(Array(text.utf8)), isMarkdown: isMarkdown, baseDirectory: baseDirectory,
                  path: nil)
    }

    /// A collection of the images at `imagePaths`, opening at `startPage`.
    public init(title: String, imagePaths: [String], startPage: Int = 0) {
        self.title = title
        kind = .imageCollection
        baseDirectory = "."
        self.imagePaths = imagePaths
        self.startPage = imagePaths.indices.contains(startPage) ? startPage : 0
        path = imagePaths.count == 1 ? imagePaths[0] : nil
        source = nil
        pdf = nil
        sections = .parsed([], byteCounts: [])
    }

    /// A PDF already opened (from a descriptor it holds, so a file replaced on disk does not
    /// pull pages out from under a render).
    public init(title: String, pdf: PDFFile) {
        self.title = title
        kind = .pdf
        baseDirectory = ImageDirectory.parent(of: pdf.path)
        imagePaths = []
        startPage = 0
        path = pdf.path
        source = nil
        self.pdf = pdf
        sections = .parsed([], byteCounts: [])
    }

    /// One image as a text document of a single image block, so it can share a strip of
    /// pages with text documents.
    public init(pageShowingImageAt imagePath: String, title: String) {
        self.title = title
        kind = .text
        baseDirectory = "."
        imagePaths = []
        startPage = 0
        path = imagePath
        source = nil
        pdf = nil
        let absolute = imagePath.hasPrefix("/") ? imagePath : Document.currentDirectory() + "/" + imagePath
        sections = TextSections(grouping: [Block(kind: .image(source: absolute), text: title)])
    }

    private init(title: String, bytes: SourceBytes, isMarkdown: Bool, baseDirectory: String, path: String?) {
        self.title = title
        kind = .text
        startPage = 0
        self.baseDirectory = baseDirectory
        self.path = path
        source = bytes
        imagePaths = []
        pdf = nil
        if isMarkdown, bytes.count <= Document.wholeParseLimitBytes, case let whole = bytes.bytes(0..<bytes.count),
           !NestingScan.isDeeplyNested(whole) {
            sections = TextSections(grouping: MarkdownParser.blocks(from: whole))
        } else {
            sections = .onDemand(SectionBoundaries(bytes: bytes, nominalBytes: Document.sectionBytes), isMarkdown: isMarkdown)
        }
    }

    /// The document read again from its file, as it is now: after the file changed (see
    /// `FileWatcher`). Throws what opening it would throw (deleted, now a directory, now a
    /// format Glide does not show).
    public func reloaded() throws(DocumentError) -> Document {
        guard isReloadable, let path else { return self }
        let fresh = try Document(contentsOfFile: path)
        guard fresh.kind == kind else { throw .cannotOpen(path: path, reason: localized("it no longer holds the same kind of content")) }
        return fresh
    }

    /// Whether the document is text read from a file, which `reloaded()` can read again.
    public var isReloadable: Bool { source != nil && path != nil }

    /// Whether a read found the file shorter than when it was opened: what is shown may be
    /// cut short until it is reloaded.
    public var hasShrunk: Bool { source?.hasShrunk ?? false }

    /// The size of the text in bytes when it was read (0 for images).
    public var byteCount: Int { source?.count ?? 0 }

    private static func currentDirectory() -> String {
        guard let directory = getcwd(nil, 0) else { return "." }
        defer { free(directory) }
        return String(cString: directory)
    }

    /// How many sections the text has (at least one); zero for an image collection.
    public var sectionCount: Int { kind == .text ? sections.count : 0 }

    /// The blocks of `section`, parsed now for a large file (a few ms at most).
    public func blocks(inSection section: Int) -> [Block] {
        sections.blocks(inSection: section)
    }

    /// Whether the text may have headings (Markdown); plain text has none.
    var mayHaveHeadings: Bool { kind == .text && sections.mayHoldHeadings }

    /// The source size of `section` in bytes, from which its height is estimated until it is
    /// laid out.
    func byteCount(ofSection section: Int) -> Int {
        sections.byteCount(ofSection: section)
    }

    /// Every block, in order. Parses the whole document: for tests and small documents.
    public var blocks: [Block] {
        (0..<sectionCount).flatMap { blocks(inSection: $0) }
    }
}

extension Document {
    /// A layout for the document: a lazy text column, or with `paged` its pages side by side
    /// (`HorizontalPagesLayout`); one page per image for a collection, paged or not.
    public func makeLayout(palette: Palette, images: ImageStore = ImageStore(), paged: Bool = false) -> any ContentLayout {
        switch kind {
        case .text where paged: return HorizontalPagesLayout(document: self, palette: palette, images: images)
        case .text: return DocumentLayout(document: self, palette: palette, images: images)
        case .imageCollection: return ImageCollectionLayout(document: self, palette: palette, images: images)
        case .pdf: return PDFLayout(file: pdf!, palette: palette, paged: paged)
        }
    }
}
