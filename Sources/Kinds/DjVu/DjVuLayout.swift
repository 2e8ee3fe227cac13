import DocumentKit
import PageKit

/// A DjVu document laid out for the renderer as a PDF is: the paged layout every paged kind
/// shares (`PagedLayout`) over the document's pages (`DjVuPages`).
public typealias DjVuLayout = PagedLayout<DjVuPages>

extension PagedLayout where Source == DjVuPages {
    /// Each page's title from the document's directory, where it has one (printed page
    /// numbers); none until every page has been measured.
    public var pageTitles: [String?] { pageLabels }
}
