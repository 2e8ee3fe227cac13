import DocumentKit
import Machinery
import PageKit

/// A PDF's text laid over its pages, for the reading tools (`PageTextLayout`), read by a
/// poppler document of its own.
public typealias PDFTextLayout = PageTextLayout

extension PageTextLayout {
    public convenience init(pdf: PDFLayout) {
        self.init(pages: pdf, reader: PDFTextReader(file: pdf.file))
    }
}

/// Reads page texts one at a time on a queue of one thread, with a poppler document opened
/// there and used by nothing else.
final class PDFTextReader: PageTextReader, @unchecked Sendable {
    private let queue = WorkQueue(name: "glide-pdf-text", isBackground: true)
    private let file: PDFFile
    /// Touched only on `queue`.
    private var document: PopplerDocumentHandle?
    private var isOpened = false

    init(file: PDFFile) {
        self.file = file
    }

    func read(page: Int, deliver: @escaping @Sendable (PageText?) -> Void) {
        queue.submit { [self] _ in
            let text = PopplerBackgroundWork.perform { () -> PageText? in
                if !isOpened {
                    isOpened = true
                    PopplerWarmUp.ensure()
                    document = try? file.makeDocument()
                }
                return document.flatMap { PageText.read(page: page, of: $0) }
            }
            deliver(text ?? nil)
        }
    }
}
