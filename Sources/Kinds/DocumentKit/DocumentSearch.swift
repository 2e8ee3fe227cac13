import Glibc
import Machinery

/// A search of a document's shown text, run on a worker while the frame loop goes on.
///
/// The worker folds each section's text (see `SearchFolding`) and hands what it found to the
/// loop's thread through the mailbox: the first match as soon as it is found, then batches at
/// most every `deliveryIntervalNanoseconds`, so the count grows as the search goes on. Only
/// the loop's thread reads `matches`; a new query makes a new search and the old one stops at
/// its next section.
public final class DocumentSearch {
    /// What was asked for, as typed.
    public let query: String
    /// Every match found so far, in reading order.
    public private(set) var matches = MatchList()
    /// Whether the whole document has been searched (or the match limit reached).
    public private(set) var isComplete = false
    /// Called on the loop's thread after each delivery of matches.
    public var onUpdate: (() -> Void)?

    /// No more matches than this are kept (48 bytes each: 48 MB): a query this common is not
    /// one to step through, and the count says "+".
    public static let maximumMatchCount = 1_000_000
    /// Results arrive at most this often after the first: three frames at 60 Hz, so the count
    /// visibly grows without a delivery per section.
    static let deliveryIntervalNanoseconds: UInt64 = 50_000_000

    private var ticket: WorkTicket?

    /// Starts searching the text `source` makes (on the worker) for `query`, ignoring case
    /// and diacritics; results are posted to `mailbox`. An empty query (or only spaces), or a
    /// text that is not searchable, finds nothing and is complete.
    public init(query: String, isSearchable: Bool = true, mailbox: MainThreadMailbox = .shared,
                source: @escaping @Sendable () -> (any SearchSource)?) {
        self.query = query
        var folding = SearchFolding()
        let needle = folding.foldQuery(query)
        guard isSearchable, !needle.allSatisfy({ $0 == 0x20 }) else {
            isComplete = true
            return
        }
        let job = SearchJob(makeSource: source, needle: needle, owner: LoopThreadReference(self), mailbox: mailbox)
        ticket = WorkQueue.shared.submit { ticket in job.run(ticket) }
    }

    deinit { ticket?.cancel() }

    /// Stops the worker at its next section; what was found stays.
    public func cancel() { ticket?.cancel() }

    /// How many matches are known; `isComplete` says whether more may come.
    public var count: Int { matches.count }

    /// The first match at or after `position`; with `wrapping`, the first of all when none is
    /// (the search wraps around, as a reader's does).
    public func index(ofFirstMatchAtOrAfter position: TextPosition, wrapping: Bool = true) -> Int? {
        guard !matches.isEmpty else { return nil }
        let index = matches.partitioningIndex(where: { $0.start >= position })
        return index < matches.count ? index : wrapping ? 0 : nil
    }

    /// The indices of the matches that meet sections `sections`.
    public func indices(inSections sections: ClosedRange<Int>) -> Range<Int> {
        let lower = matches.partitioningIndex(where: { $0.end.section >= sections.lowerBound })
        let upper = matches.partitioningIndex(where: { $0.start.section > sections.upperBound })
        return lower..<max(lower, upper)
    }

    fileprivate func deliver(_ found: [TextRange], isLast: Bool) {
        matches.append(contentsOf: found.prefix(DocumentSearch.maximumMatchCount - matches.count))
        if isLast || matches.count >= DocumentSearch.maximumMatchCount {
            isComplete = true
            ticket?.cancel()
        }
        onUpdate?()
    }
}

/// Text a search reads on its worker, section by section, block by block.
public protocol SearchSource {
    var sectionCount: Int { get }
    /// Whether the text is typeset with words hyphenated at line ends (`SearchFolding`).
    var joinsWordsHyphenatedAtLineEnds: Bool { get }
    /// Calls `body` with each block's number and shown text in section `section`.
    func forEachBlockText(inSection section: Int, _ body: (Int, String) -> Void)
}

/// The worker's side: reads the text section by section, never touching a layout.
private struct SearchJob: Sendable {
    let makeSource: @Sendable () -> (any SearchSource)?
    let needle: [UInt8]
    let owner: LoopThreadReference<DocumentSearch>
    let mailbox: MainThreadMailbox

    func run(_ ticket: WorkTicket) {
        var folding = SearchFolding()
        var folded = FoldedText()
        var batch: [TextRange] = []
        var lastDelivery: UInt64 = 0
        var hasDelivered = false
        guard let source = makeSource() else { return post([], isLast: true) }
        folding.joinsWordsHyphenatedAtLineEnds = source.joinsWordsHyphenatedAtLineEnds
        for section in 0..<source.sectionCount {
            if ticket.isCancelled { return }
            source.forEachBlockText(inSection: section) { index, text in
                folding.fold(text, into: &folded, recordingSources: false)
                guard folded.contains(needle) else { return }
                folding.fold(text, into: &folded, recordingSources: true)
                for hit in folded.occurrences(of: needle) {
                    let range = folded.sourceRange(of: hit)
                    batch.append(TextRange(TextPosition(section: section, block: index, utf8Offset: range.lowerBound),
                                           TextPosition(section: section, block: index, utf8Offset: range.upperBound)))
                }
            }
            let now = MonotonicClock.nanoseconds()
            if !batch.isEmpty, !hasDelivered || now - lastDelivery >= DocumentSearch.deliveryIntervalNanoseconds {
                post(batch, isLast: false)
                batch.removeAll()
                hasDelivered = true
                lastDelivery = now
            }
        }
        post(batch, isLast: true)
    }

    private func post(_ found: [TextRange], isLast: Bool) {
        let owner = self.owner
        mailbox.post { owner.object?.deliver(found, isLast: isLast) }
    }
}

extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `predicate`, for a predicate that is false and
    /// then true along the array (binary search).
    public func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
