import ArchiveKit
import DocumentKit
import ImageDecoding

/// A fixed-layout book (`rendition:layout` `pre-paginated`): one page per spine document, at
/// the size it declares, shown as pages side by side as a PDF's are.
final class FixedLayoutBook: LoadedDocument {
    let title: String
    let path: String?
    let archive: ZipArchive
    let package: EPUBPackage
    let chapters: EPUBChapters

    init(archive: ZipArchive, package: EPUBPackage, title: String, path: String) {
        self.archive = archive
        self.package = package
        self.title = title
        self.path = path
        chapters = EPUBChapters(archive: archive, package: package, showsCover: false)
    }

    /// Whether `package` is a fixed-layout book: most of its spine pre-paginated (a book
    /// whose pages are pictures may still leave a page of notes reflowable, which then gets a
    /// page of the others' size).
    static func isFixedLayout(_ package: EPUBPackage) -> Bool {
        2 * package.spine.filter { $0.layout == .prePaginated }.count > package.spine.count
    }

    var isReloadable: Bool { false }

    var isPagedByDefault: Bool { true }

    var hasOutline: Bool { !chapters.tableOfContents.isEmpty }

    var joinsStrips: Bool { false }

    /// Pages side by side, whether or not `paged` asks for them: a page is the book's unit.
    func makeLayout(palette: Palette, paged: Bool) -> any DocumentContent {
        FixedLayoutPagesLayout(book: self, palette: palette, images: ImageStore(bytesSource: EPUBImages(archive: archive)))
    }
}
