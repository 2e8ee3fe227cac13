import CCairo
import DocumentKit
import Localization
import Machinery

/// The home: the recent documents as a grid of first-page thumbnails, with their titles,
/// kinds and progress, and an Open… button. It scrolls like any document in the document
/// pane; a tap opens a document (`EntryChooser`). The entries and the thumbnails are read on
/// workers and arrive through `MainThreadMailbox`: until they do, cells show placeholders.
public final class HomeLayout: ContentLayout {
    public var palette: Palette { didSet { changes.record(.everything) } }
    let source: HomeSource
    public private(set) var entries: [HomeEntry] = []
    /// Whether the entries were read at least once.
    public private(set) var isLoaded = false
    var grid = HomeGrid(viewportWidth: 0, count: 0)
    var viewportHeight = 0.0
    var changes = ChangeLog()
    /// Decoded thumbnails by file path (ARGB32 surfaces, destroyed with the layout).
    var thumbnails: [String: OpaquePointer] = [:]
    /// Files whose thumbnail was asked for (made, found, or known to be missing).
    var requestedThumbnails: Set<String> = []
    /// The entry whose "Remove from recent" is offered (after a long press or a right click).
    public private(set) var offeredEntry: Int?
    public var focusedEntry: Int? { didSet { if focusedEntry != oldValue { changes.record(.everything) } } }
    public var readingAnchor = ReadingAnchor.top
    /// How many thumbnails were delivered, for tests and the trace of what arrived.
    public private(set) var deliveredThumbnailCount = 0
    private var loadGeneration = 0

    public init(source: HomeSource, palette: Palette) {
        self.source = source
        self.palette = palette
        refresh()
    }

    deinit {
        for surface in thumbnails.values { cairo_surface_destroy(surface) }
    }

    public var contentSize: ContentSize { grid.contentSize }
    public var revision: Int { changes.revision }
    public func changes(since revision: Int) -> ContentChange { changes.changes(since: revision) }

    public func setViewportSize(width: Double, height: Double) {
        viewportHeight = height
        guard width != grid.viewportWidth else { return }
        grid = HomeGrid(viewportWidth: width, count: entries.count)
        changes.record(.everything)
    }

    public var anchorOffset: ContentPoint { .zero }

    /// Asks for the thumbnails of the cells within `margin` of `visible`.
    public func prepare(_ visible: ContentRect, margin: Double, drawScale: Double) -> ContentPoint {
        guard drawScale > 0 else { return .zero }
        let wanted = ContentRect(x: visible.x, y: visible.y - margin, width: visible.width, height: visible.height + 2 * margin)
        for (index, entry) in entries.enumerated() where entry.exists && !requestedThumbnails.contains(entry.path) {
            guard grid.frame(ofEntry: index).intersects(wanted) else { continue }
            requestThumbnail(of: entry.path)
        }
        return .zero
    }

    /// Reads the entries again on a worker; the grid changes when they arrive.
    public func refresh() {
        loadGeneration += 1
        let generation = loadGeneration, reference = LoopThreadReference(self), load = source.loadEntries
        WorkQueue.shared.submit(priority: .immediate) { _ in
            let entries = load()
            MainThreadMailbox.shared.post { reference.object?.receive(entries, generation: generation) }
        }
    }

    private func receive(_ entries: [HomeEntry], generation: Int) {
        guard generation == loadGeneration else { return }
        isLoaded = true
        guard entries != self.entries else { return }
        self.entries = entries
        offeredEntry = nil
        if let focused = focusedEntry, focused >= entries.count { focusedEntry = entries.isEmpty ? nil : entries.count - 1 }
        grid = HomeGrid(viewportWidth: grid.viewportWidth, count: entries.count)
        changes.record(.everything)
    }

    private func requestThumbnail(of path: String) {
        requestedThumbnails.insert(path)
        let reference = LoopThreadReference(self), load = source.loadThumbnail
        WorkQueue.shared.submit(priority: .visible) { _ in
            // Decoded here, off the loop: the loop only paints the surface.
            let surface = load(path).flatMap(PNGSurface.surface(of:)).map(LoopThreadValue.init)
            MainThreadMailbox.shared.post {
                guard let home = reference.object else {
                    if let surface { cairo_surface_destroy(surface.value) }
                    return
                }
                home.receiveThumbnail(surface?.value, of: path)
            }
        }
    }

    private func receiveThumbnail(_ surface: OpaquePointer?, of path: String) {
        guard let surface else { return }
        if let old = thumbnails.updateValue(surface, forKey: path) { cairo_surface_destroy(old) }
        deliveredThumbnailCount += 1
        for (index, entry) in entries.enumerated() where entry.path == path {
            let frame = grid.frame(ofEntry: index)
            changes.record(.band(frame.y...frame.maxY))
        }
    }

    /// Takes entry `index` off the home and off the desktop's recent documents (the file
    /// stays where it is).
    public func removeEntry(_ index: Int) {
        guard entries.indices.contains(index), let uri = entries[index].recentURI else { return }
        entries.remove(at: index)
        offeredEntry = nil
        if let focused = focusedEntry, focused >= entries.count { focusedEntry = entries.isEmpty ? nil : entries.count - 1 }
        grid = HomeGrid(viewportWidth: grid.viewportWidth, count: entries.count)
        changes.record(.everything)
        let remove = source.removeRecent
        WorkQueue.shared.submit(priority: .immediate) { _ in remove(uri) }
    }

    func offer(_ index: Int?) {
        guard offeredEntry != index else { return }
        offeredEntry = index
        changes.record(.everything)
    }
}

extension HomeLayout: EntryChooser {
    public var entryCount: Int { entries.count }

    public func entry(at point: ContentPoint) -> Int? { grid.entry(at: point) }

    public func frame(ofEntry index: Int) -> ContentRect { grid.frame(ofEntry: index) }

    public func entry(from index: Int, moving direction: EntryDirection) -> Int { grid.entry(from: index, moving: direction) }

    public func choose(at point: ContentPoint) -> EntryChoice {
        if let offered = offeredEntry {
            // An offer answers only its own button; a tap elsewhere takes it back.
            if grid.removeButtonFrame(ofEntry: offered).containsIncludingEdges(point) {
                removeEntry(offered)
            } else {
                offer(nil)
            }
            return .handled
        }
        if grid.openButtonFrame.containsIncludingEdges(point) { return .openChooser }
        guard let index = grid.entry(at: point) else { return .none }
        // The keys' ring follows a tap only once the keys are in use: a touch or a click
        // draws none, as GTK shows focus rings only after a key.
        if focusedEntry != nil { focusedEntry = index }
        let entry = entries[index]
        guard entry.exists else {
            // TRANSLATORS: a notice over the home; %s is the missing document's file.
            return .refused(localized("'%s' cannot be opened: the file is no longer there (moved or deleted)", entry.path))
        }
        return .open(path: entry.path)
    }

    public func offerActions(at point: ContentPoint) -> Bool {
        guard let index = grid.entry(at: point), entries[index].recentURI != nil else { return false }
        offer(index)
        return true
    }
}

extension HomeLayout: HomeScreenContent {
    public func contentOffset(of location: BlockLocation) -> ContentPoint? {
        entries.indices.contains(location.block) ? ContentPoint(x: 0, y: grid.frame(ofEntry: location.block).y) : nil
    }
}
