import DocumentKit
import ImageDecoding
import ImageKind
import Localization
import Machinery
import TextKind

/// The documents that the paths on a command line open together: one document, or several
/// shown as one strip of pages, with a notice for each file skipped because of its format.
public struct DocumentSet {
    /// The documents opened, in order (several text documents for a strip).
    public private(set) var documents: [any LoadedDocument]
    /// One line for each file left out (`cannot open 'a.epub': EPUB files are not supported`).
    public private(set) var skipped: [DocumentError] = []
    /// The text documents of a strip of several files; empty for one document.
    private var strip: [TextDocument] = []

    /// Opens `paths`. One path: its document (an image alone opens among its folder's), or its
    /// error. Several: files of a format Glide does not show, and archives or folders that
    /// hold no image, are skipped (an error only if all are); images alone become one image collection; text and images together become text
    /// documents, each image a page of its own. Any other error (a missing file) is thrown.
    public init(opening paths: [String]) throws(DocumentError) {
        if paths.count == 1 {
            documents = [try KindRegistry.openAlone(paths[0])]
            return
        }
        var opened: [KindRegistry.Opened] = []
        for path in paths {
            do {
                opened.append(try KindRegistry.openKnowingKind(path))
            } catch {
                switch error {
                case .unsupportedFormat, .noImages: skipped.append(error)
                default: throw error
                }
            }
        }
        if opened.isEmpty, let first = skipped.first { throw first }
        documents = opened.map(\.document)
        guard opened.count > 1, opened.allSatisfy({ $0.document.joinsStrips }) else { return }
        var images: [String] = [], texts: [TextDocument] = []
        for item in opened {
            switch item {
            case .text(let text): texts.append(text)
            case .images(let collection): images += collection.imagePaths
            case .other: break
            }
        }
        if texts.isEmpty, images.count == opened.count {
            let title = localizedPlural("%s image", "%s images", count: opened.count, LocalizedNumber.string(opened.count))
            documents = [ImageCollection(title: title, imagePaths: images)]
            return
        }
        strip = opened.flatMap { item -> [TextDocument] in
            switch item {
            case .text(let text): [text]
            case .images(let collection):
                collection.imagePaths.map { TextDocument(pageShowingImageAt: $0, title: FilePath.name(of: $0)) }
            case .other: []
            }
        }
        documents = strip
    }

    /// The first document that opens only on its own (a PDF), when there are several.
    public var documentOpeningAlone: (any LoadedDocument)? {
        documents.count > 1 ? documents.first { !$0.joinsStrips } : nil
    }

    /// What the documents are called: a file's name, or how many files there are.
    public var title: String {
        documents.count > 1
            ? localizedPlural("%s document", "%s documents", count: documents.count, LocalizedNumber.string(documents.count))
            : documents[0].title
    }

    /// Whether the documents are shown as pages side by side without `--paging`: several
    /// files, or images.
    public var isPagedByDefault: Bool { documents.count > 1 || documents[0].isPagedByDefault }

    /// The layout of the documents: the one document's, or the strip's pages.
    public func makeLayout(palette: Palette, paged: Bool) -> any DocumentContent {
        strip.count > 1 ? DocumentCollectionLayout(documents: strip, palette: palette)
            : documents[0].makeLayout(palette: palette, paged: paged)
    }
}
