import DocumentKit
import Machinery
import Synchronization

/// A book's sections shaped on the chapters' worker (`ChapterReads.queue`), so a frame never
/// waits for pango to lay out the margin: the layout says which sections of its margin it
/// wants, most wanted first, each time it prepares; the worker shapes them in a font map of
/// its own (`ShapingFontMaps`) and hands them over through `MainThreadMailbox`; the layout's
/// next `prepare` takes them in as if it had shaped them (`take`). Lives on the loop's thread.
final class SectionShapes {
    /// What the worker needs to shape one section, every part read on the loop's thread
    /// before it is handed over and never changed after: values, and blocks whose images were
    /// looked up (`BlockImages.snapshot`).
    struct Request: @unchecked Sendable {
        let section: Int
        let blocks: [Block]
        let isFirstSection: Bool
        let typography: Typography
        let palette: Palette
        let column: ColumnGeometry
        let disclosures: SectionDisclosures
        let images: [String: BlockImageState?]
    }

    /// A section shaped on the worker and the image states it was shaped with.
    struct Arrival {
        let layout: SectionLayout
        let images: [String: BlockImageState?]
    }

    /// Adjacent sections shaped in one job, in one font map: a chapter is cut into sections of
    /// about 8 KB and a fling's margin wants two or three at a time, so a batch is about a
    /// chapter of the benchmark's book (issue 24), and fewer font maps are in use at once.
    static let sectionsPerBatch = 3

    /// This layout's jobs in the chapters' queue, replaced together as what it wants changes.
    private let group = ChapterReads.newGroup()
    /// Counts the times everything asked for so far became useless (a new width, text size,
    /// palette or disclosure): what the worker shaped for an older one is not taken.
    private(set) var generation = 0
    /// The sections asked for, most wanted first, whose arrival has not been heard.
    private(set) var requested: [Int] = []
    /// Sections shaped on the worker, not yet taken by a `prepare`.
    private var arrivals: [Int: Arrival] = [:]
    /// The sections a job has started on: asked for again, they are not shaped twice.
    private let started = SharedSet()
    /// How many sections were shaped on the worker and taken (for tests).
    private(set) var takenCount = 0

    deinit {
        started.abandon()
        ChapterReads.queue.cancelPending(inGroup: group)
    }

    /// Whether a section asked for has not arrived yet.
    var isShaping: Bool { !requested.isEmpty }

    /// Whether `section` is shaped and waiting to be taken.
    func hasArrival(_ section: Int) -> Bool { arrivals[section] != nil }

    /// Takes the shaped `section` out, if it arrived for the current generation.
    func take(_ section: Int) -> Arrival? {
        guard let arrival = arrivals.removeValue(forKey: section) else { return nil }
        takenCount += 1
        return arrival
    }

    /// Lets go of the arrivals outside `kept` (sections the view left before they were taken).
    func dropArrivals(outside kept: ClosedRange<Int>) {
        for section in arrivals.keys where !kept.contains(section) { arrivals[section] = nil }
    }

    /// Forgets everything asked for and shaped: it was for another width, size, palette or
    /// state of disclosures.
    func reset() {
        generation += 1
        requested.removeAll()
        arrivals.removeAll()
        ChapterReads.queue.cancelPending(inGroup: group)
    }

    /// Asks for `wanted`, most wanted first, in place of what was asked before; `request`
    /// makes what the worker needs for a section (nil when its blocks are not at hand).
    /// Nothing changes when the same sections are wanted again (every frame of a fling).
    func want(_ wanted: [Int], request: (Int) -> Request?) {
        let wanted = wanted.filter { arrivals[$0] == nil }
        guard wanted != requested else { return }
        let generation = self.generation
        var requests: [Request] = []
        requested = []
        for section in wanted {
            if started.contains(SharedSet.Key(section: section, generation: generation)) {
                // Being shaped: it arrives without being asked again.
                requested.append(section)
            } else if let made = request(section) {
                requested.append(section)
                requests.append(made)
            }
        }
        var batches: [[Request]] = []
        for made in requests {
            if let last = batches.last?.last, last.section + 1 == made.section, batches[batches.count - 1].count < SectionShapes.sectionsPerBatch {
                batches[batches.count - 1].append(made)
            } else {
                batches.append([made])
            }
        }
        let reference = LoopThreadReference(self)
        let started = self.started
        ChapterReads.queue.replacePending(inGroup: group, priority: .nearby, with: batches.map { batch in
            { ticket in
                guard !ticket.isCancelled, !started.isAbandoned else { return }
                let mine = batch.filter { started.insert(SharedSet.Key(section: $0.section, generation: generation)) }
                guard !mine.isEmpty else { return }
                let shaped = SectionShapes.shape(mine, unless: started)
                MainThreadMailbox.shared.post { reference.object?.receive(shaped, generation: generation) }
            }
        })
    }

    /// Shapes `batch` in one leased font map, on the worker. Everything made is in the box
    /// returned: the worker keeps nothing else of the map, so once the loop takes the box's
    /// sections, only the loop's thread uses the map.
    /// A layout that goes meanwhile (`abandoned`) stops it after the section being shaped.
    private static func shape(_ batch: [Request], unless abandoned: SharedSet) -> ShapedBatch {
        let lease = ShapingFontMaps.lease()
        let box = ShapedBatch()
        for request in batch where !abandoned.isAbandoned {
            let shaper = BlockShaper(context: lease.context, typography: request.typography, palette: request.palette,
                                     images: .snapshot(request.images), fontMapLease: lease)
            let layout = SectionLayout(blocks: request.blocks, isFirstSection: request.isFirstSection, shaper: shaper,
                                       column: request.column, disclosures: request.disclosures)
            box.items.append((request.section, Arrival(layout: layout, images: request.images)))
        }
        return box
    }

    private func receive(_ box: ShapedBatch, generation: Int) {
        let items = box.takeItems()
        for (section, _) in items {
            started.remove(SharedSet.Key(section: section, generation: generation))
        }
        guard generation == self.generation else { return }
        for (section, arrival) in items {
            requested.removeAll { $0 == section }
            arrivals[section] = arrival
        }
    }
}

/// Sections shaped in one job, carried from the worker to the loop; the loop takes them out,
/// so whichever thread lets go of the box last, the loop alone holds what was shaped.
private final class ShapedBatch: @unchecked Sendable {
    var items: [(section: Int, arrival: SectionShapes.Arrival)] = []

    func takeItems() -> [(section: Int, arrival: SectionShapes.Arrival)] {
        defer { items = [] }
        return items
    }
}

/// The sections jobs have started on, by generation, shared by the loop and the worker; and
/// whether the layout that asked is gone (a document closed, or one of `glide-bench`'s
/// first frames), so its jobs stop rather than take the worker from the next.
private final class SharedSet: Sendable {
    struct Key: Hashable {
        let section: Int
        let generation: Int
    }

    private let keys = Mutex<Set<Key>>([])
    private let abandoned = Atomic<Bool>(false)

    var isAbandoned: Bool { abandoned.load(ordering: .relaxed) }

    func abandon() { abandoned.store(true, ordering: .relaxed) }

    func insert(_ key: Key) -> Bool { keys.withLock { $0.insert(key).inserted } }

    func remove(_ key: Key) { _ = keys.withLock { $0.remove(key) } }

    func contains(_ key: Key) -> Bool { keys.withLock { $0.contains(key) } }
}
