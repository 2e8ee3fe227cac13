/// The pages of a document as a reader names them: how many there are, the label printed on
/// each (a PDF's `/PageLabels`, such as `xii` for front matter or `A-3` for an appendix; a DjVu
/// page's title) and where each starts, for going to a page by its number or its label and
/// for saying which page is shown. Content whose pages are the view's own (text or images
/// turned sideways) has none: the view's page control counts them.
public protocol PageNumbering: AnyObject {
    /// How many pages the document has.
    var pageCount: Int { get }

    /// The label of page `page` (from 0) where it has one other than its number; nil where it
    /// has none, or while the labels are still being read (they come from a worker, and the
    /// next frame that asks has them).
    func label(ofPage page: Int) -> String?

    /// The reading position at the top of page `page` (from 0): where going to it scrolls.
    func readingAnchor(ofPage page: Int) -> ReadingAnchor
}

extension PageNumbering {
    /// The page (from 0) whose label is `label`: the first one labelled exactly so, else the
    /// first whose label matches ignoring ASCII case (`XII` for `xii`); nil when none is.
    /// Labels being read are not known yet, and match nothing.
    public func page(labelled label: String) -> Int? {
        guard !label.isEmpty else { return nil }
        var caseless: Int?
        for page in 0..<pageCount {
            guard let candidate = self.label(ofPage: page) else { continue }
            if candidate == label { return page }
            if caseless == nil, candidate.lowercased() == label.lowercased() { caseless = page }
        }
        return caseless
    }
}

extension DocumentContent {
    /// Content with no pages of its own to name (text, or images paged by the view) answers
    /// none; paged kinds (PDF, DjVu) answer theirs.
    public var pageNumbering: (any PageNumbering)? { nil }
}
