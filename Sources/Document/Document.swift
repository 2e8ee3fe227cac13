/// A loaded document: text cut into sections that are parsed and laid out only when needed,
/// or a collection of images shown one per page.
public final class Document {
    /// What the document holds.
    public enum Kind: Equatable, Sendable {
        case text
        /// Images, one per page, from `imagePaths`.
        case imageCollection
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
    private let sections: TextSections

    /// The size of a section of source, in bytes: about three screens of body text at
    /// 1280 px, which pango lays out in a few ms, so a first frame needs one or two.
    static let sectionBytes = 8192

    /// Markdown up to this size is parsed whole, so that reference links and fenced code with
    /// blank lines work everywhere; libcmark parses it in well under 100 ms. Larger files are
    /// parsed a section at a time.
    static let wholeParseLimitBytes = 4 << 20

    /// Opens a file or a directory. A directory, or a file with an image extension, is an
    /// image collection; `.md` and `.markdown` files are Markdown; anything else is plain text.
    /// See `init(openingAlone:)` for a file opened on its own.
    public convenience init(contentsOfFile path: String) throws(DocumentError) {
        let title = path.split(separator: "/").last.map(String.init) ?? path
        if ImageDirectory.isDirectory(path) {
            self.init(title: title, imagePaths: try ImageDirectory.imagePaths(in: path))
        } else if ImageDirectory.hasImageExtension(path) {
            self.init(title: title, imagePaths: [path])
        } else {
            let bytes = try SourceBytes(path: path)
            self.init(title: title, bytes: bytes, isMarkdown: Document.isMarkdownPath(path),
                      baseDirectory: ImageDirectory.parent(of: path))
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
        self.init(title: title, bytes: SourceBytes(Array(text.utf8)), isMarkdown: isMarkdown, baseDirectory: baseDirectory)
    }

    /// A collection of the images at `imagePaths`, opening at `startPage`.
    public init(title: String, imagePaths: [String], startPage: Int = 0) {
        self.title = title
        kind = .imageCollection
        baseDirectory = "."
        self.imagePaths = imagePaths
        self.startPage = imagePaths.indices.contains(startPage) ? startPage : 0
        sections = .parsed([], byteCounts: [])
    }

    private init(title: String, bytes: SourceBytes, isMarkdown: Bool, baseDirectory: String) {
        self.title = title
        kind = .text
        startPage = 0
        self.baseDirectory = baseDirectory
        imagePaths = []
        if isMarkdown, bytes.count <= Document.wholeParseLimitBytes {
            sections = TextSections(grouping: MarkdownParser.blocks(from: bytes.buffer(0..<bytes.count)))
        } else {
            sections = .mapped(SectionBoundaries(bytes: bytes, nominalBytes: Document.sectionBytes), isMarkdown: isMarkdown)
        }
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

    static func isMarkdownPath(_ path: String) -> Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".md") || lowercased.hasSuffix(".markdown")
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
        }
    }
}
