import DocumentKit
import PageKit

/// A PDF laid out for the renderer: the paged layout every paged kind shares (`PagedLayout`)
/// over the PDF's pages (`PDFPages`). Until poppler has opened the file (`PDFOpening`, on a
/// thread of its own) it is one placeholder page of A4 size.
public typealias PDFLayout = PagedLayout<PDFPages>

extension PagedLayout where Source == PDFPages {
    /// The PDF's outline once the worker has read it (see `loadOutline`).
    public var loadedOutline: PDFOutline? { source.loadedOutline }

    /// Asks the worker for the outline; `handler` runs on the loop thread when it arrives
    /// (at once when it already has).
    public func loadOutline(_ handler: @escaping (PDFOutline) -> Void) {
        source.loadOutline(handler)
    }
}

/// A PDF's outline as the rows of the list above its pages (`PageOutlineSource`): read by the
/// render worker; until it arrives the list says so.
typealias PDFOutlineSource = PageOutlineSource
