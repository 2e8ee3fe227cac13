import DocumentKit

/// A paged document's page labels, read off the loop the first time one is asked for (a
/// 1,000-page PDF's labels cost a pass over its pages, which no reader who never looks at one
/// should pay for), then kept.
public final class PageLabelList {
    /// Each page's label (nil: none other than its number); empty until read, or when the
    /// document has none.
    public private(set) var labels: [String?] = []
    /// Whether the labels have arrived.
    public private(set) var isLoaded = false
    private var load: ((@escaping ([String?]) -> Void) -> Void)?

    /// `load` is called once, at the first question, with a handler to call on the loop thread
    /// with the labels.
    public init(load: @escaping (@escaping ([String?]) -> Void) -> Void) {
        self.load = load
    }

    /// Page `page`'s label, starting the read if it has not started; nil until it arrives.
    public func label(ofPage page: Int) -> String? {
        startLoading()
        return labels.indices.contains(page) ? labels[page] : nil
    }

    /// Starts reading the labels, once.
    public func startLoading() {
        guard let load else { return }
        self.load = nil
        load { [weak self] labels in
            guard let self else { return }
            self.labels = labels
            // Delivered through the loop's mailbox, whose delivery asks for a frame.
            isLoaded = true
        }
    }

    /// Labels as a reader sees them: those that only repeat the page's number (what poppler
    /// answers for every page of a PDF without `/PageLabels`) are none, and a document where
    /// every label is none has an empty list.
    public static func meaningful(_ labels: [String?]) -> [String?] {
        let kept = labels.enumerated().map { page, label -> String? in
            guard let label, !label.isEmpty, label != String(page + 1) else { return nil }
            return label
        }
        return kept.contains { $0 != nil } ? kept : []
    }
}
