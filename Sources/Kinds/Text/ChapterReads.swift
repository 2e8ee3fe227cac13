import Machinery
import Synchronization

/// The chapters a layout is waiting for, read on a worker so the frame loop never waits for a
/// chapter's inflate and parse: the layout says which chapters it wants, most wanted first, each
/// time it prepares, and hears of each one's arrival through `MainThreadMailbox` (the app asks
/// for a frame after every delivery). Lives on the loop's thread.
final class ChapterReads {
    /// One thread for every book: chapters are read one at a time, the most wanted first, so a
    /// fling's reads take one core at most and the other stays the loop's. A chapter's parse
    /// allocates many times what its blocks keep (libxml2's tree), which the thread's heap
    /// gives back once reading pauses, as page rendering's does.
    static let queue = WorkQueue(name: "glide-chapters", threadCount: 1,
                                 releasesMemoryAfterIdleMilliseconds: WorkQueue.pageMemoryReleaseIdleMilliseconds)

    private let chapters: ChapterSections
    /// This layout's jobs in `queue`, replaced together as what it wants changes.
    private let group: Int
    /// The chapters asked for, most wanted first, whose arrival has not been heard.
    private(set) var requested: [Int] = []
    /// The chapters the view wants now (see `want`).
    private var wantedByView: [Int] = []
    /// Chapters someone waits for (a link's target, see `read(_:then:)`), with what to do when
    /// each arrives: read before what the view wants, and asked for until they arrive.
    private var awaited: [(chapter: Int, then: () -> Void)] = []
    /// Called on the loop's thread with each chapter that arrives.
    var arrived: ((Int) -> Void)?

    /// The groups handed out, one per layout that reads chapters.
    private static let groupCount = Atomic<Int>(0)

    init(chapters: ChapterSections) {
        self.chapters = chapters
        group = ChapterReads.newGroup()
    }

    /// A group of jobs in `queue` of one layout's, none other's.
    static func newGroup() -> Int {
        groupCount.add(1, ordering: .relaxed).newValue
    }

    deinit {
        ChapterReads.queue.cancelPending(inGroup: group)
    }

    /// Whether a chapter asked for has not arrived yet.
    var isReading: Bool { !requested.isEmpty }

    /// Asks for `wanted`, most wanted first, in place of what was asked before: a chapter the
    /// view has moved away from is dropped before it is read. Nothing changes when the same
    /// chapters are wanted again (every frame of a fling within them).
    func want(_ wanted: [Int]) {
        wantedByView = wanted
        submit()
    }

    /// Reads `chapter` before what the view wants and calls `arrived` on the loop's thread once
    /// it is read (the cache may have let it go again by then, if a search read others
    /// meanwhile). The view's wants do not drop it.
    func read(_ chapter: Int, then arrived: @escaping () -> Void) {
        awaited.append((chapter, arrived))
        submit()
    }

    /// Asks the worker for the awaited chapters, then those the view wants, in place of what
    /// was asked before.
    private func submit() {
        var wanted: [Int] = []
        for chapter in awaited.map(\.chapter) + wantedByView where !wanted.contains(chapter) { wanted.append(chapter) }
        guard wanted != requested else { return }
        requested = wanted
        let reference = LoopThreadReference(self)
        let chapters = self.chapters
        ChapterReads.queue.replacePending(inGroup: group, priority: .visible, with: wanted.map { chapter in
            { ticket in
                guard !ticket.isCancelled else { return }
                chapters.read(chapter: chapter)
                MainThreadMailbox.shared.post { reference.object?.deliver(chapter) }
            }
        })
    }

    private func deliver(_ chapter: Int) {
        requested.removeAll { $0 == chapter }
        wantedByView.removeAll { $0 == chapter }
        let waiting = awaited.filter { $0.chapter == chapter }
        awaited.removeAll { $0.chapter == chapter }
        arrived?(chapter)
        for waiter in waiting { waiter.then() }
    }
}
