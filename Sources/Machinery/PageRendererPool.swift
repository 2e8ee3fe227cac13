import Glibc
import Localization
import Synchronization

/// Renders pages in helper processes (`glide-page-renderer`), several at once: each renderer
/// holds its own handle on the document (a poppler document is never shared between threads),
/// draws one request at a time into memory Glide maps, under a CPU, wall-clock and
/// address-space budget. A render over budget kills its renderer and is reported as such; a
/// renderer that dies is replaced (its request tried once more in the new one) and the death
/// reported once; whatever a renderer does, `stop()` and the process's exit kill it at once.
///
/// The loop thread replaces the wanted requests as the view moves (`want(_:)`), in priority
/// order, each with the caller's `Tag` for it: a request no longer wanted is dropped before it
/// starts, and one that `admit` turns away (its result is already on its way) is not drawn.
/// Outcomes go to `deliver` on the worker thread that waited for them.
public final class PageRendererPool<Tag: Hashable & Sendable>: Sendable {
    public enum Outcome: Sendable {
        /// The page's pixels, its size in document units, and its details (`PageRenderFlags.details`).
        case drawn(SharedPixels, pageWidth: Double, pageHeight: Double, details: [UInt8])
        /// The backend could not draw it: its words.
        case failed(String)
        /// It took more than the budget: the renderer was killed.
        case overBudget
        /// No renderer could take it (not installed, the document refused, or the renderer died
        /// twice on it): why.
        case unavailable(String)
    }

    private struct State {
        var idle: [PageRendererProcess] = []
        /// Why renderers cannot work on this document, once one said so.
        var refusal: String?
        var isStopped = false
        var deaths = 0
        var started = 0
    }

    private let settings: PageRendererSettings
    private let document: Int32
    private let queue: WorkQueue
    private let state = Mutex(State())
    private let deliver: @Sendable (Tag, Outcome) -> Void
    private let admit: @Sendable (Tag) -> Bool
    private let rendered = Atomic<Int>(0)
    /// The memory renderers draw into, kept for the next pages once the loop lets go of it.
    private let recycler = SharedPixelRecycler()

    /// A pool for the document on `document` (duplicated: the caller keeps its own).
    public init(settings: PageRendererSettings, document: Int32, admit: @escaping @Sendable (Tag) -> Bool = { _ in true },
                deliver: @escaping @Sendable (Tag, Outcome) -> Void) {
        self.settings = settings
        self.document = fcntl(document, F_DUPFD_CLOEXEC, 3)
        self.admit = admit
        self.deliver = deliver
        queue = WorkQueue(name: "glide-page-render", threadCount: settings.rendererCount)
    }

    /// Starts every renderer with the first pages asked for, not with the document: a renderer's
    /// start-up (linking, fontconfig, poppler's fonts drawn once before lock-down) took both
    /// cores of a laptop while the window's first frame and poppler's own open of the file
    /// were drawn (`glide-bench pdf`: first frame 0.63 → 1.4 ms, poppler's open 0.8 → 3.4 ms of
    /// a 1-page PDF with them starting at once). The first page asked for starts its renderer
    /// itself; the others start beside it.
    private func startRenderersOnce() {
        guard !hasStartedRenderers.exchange(true, ordering: .relaxed) else { return }
        for _ in 1..<max(settings.rendererCount, 1) {
            queue.submit(priority: .immediate) { [self] _ in
                if let renderer = checkOut() { checkIn(renderer) }
            }
        }
    }

    private let hasStartedRenderers = Atomic<Bool>(false)

    deinit {
        stop()
        if document >= 0 { close(document) }
    }

    /// Replaces the renders to do, most wanted first.
    public func want(_ requests: [(tag: Tag, request: PageRenderRequest)]) {
        if !requests.isEmpty { startRenderersOnce() }
        queue.replacePending(inGroup: PageRendererPools.requestGroup, with: requests.map { tag, request in
            { [self] _ in
                guard admit(tag) else { return }
                render(request, tag: tag)
            }
        })
    }

    /// Kills every renderer, whatever it draws, and ends the worker threads (each is waiting on
    /// a renderer, so each returns at once).
    public func stop() {
        let idle = state.withLock { state in
            state.isStopped = true
            defer { state.idle.removeAll() }
            return state.idle
        }
        for renderer in idle { renderer.end() }
        for processID in busyProcessIDs.withLock({ $0 }) { HelperProcesses.end(processID) }
        queue.stop()
        recycler.close()
    }

    /// The renderers' process IDs (for tests: one may be killed to see it replaced).
    public var processIDs: [pid_t] {
        state.withLock { $0.idle.map(\.processID) } + busyProcessIDs.withLock { Array($0) }
    }

    private let busyProcessIDs = Mutex<Set<pid_t>>([])

    /// How many renders were answered (drawn or failed by the backend).
    public var renderCount: Int { rendered.load(ordering: .relaxed) }

    /// How many renderers were started, and how many died on their own.
    public var startCount: Int { state.withLock { $0.started } }
    public var deathCount: Int { state.withLock { $0.deaths } }

    private func render(_ request: PageRenderRequest, tag: Tag) {
        for _ in 0..<2 {
            guard let renderer = checkOut() else {
                let reason = state.withLock { $0.isStopped ? nil : $0.refusal }
                if let reason { deliver(tag, .unavailable(reason)) }
                return
            }
            busyProcessIDs.withLock { _ = $0.insert(renderer.processID) }
            let outcome = renderer.render(request, budget: settings.budget, recycler: recycler)
            busyProcessIDs.withLock { _ = $0.remove(renderer.processID) }
            switch outcome {
            case .reply(let reply, let pixels):
                checkIn(renderer)
                rendered.add(1, ordering: .relaxed)
                if let pixels {
                    deliver(tag, .drawn(pixels, pageWidth: reply.pageWidth, pageHeight: reply.pageHeight, details: reply.payload))
                } else {
                    deliver(tag, .failed(String(decoding: reply.payload, as: UTF8.self)))
                }
                return
            case .overBudget:
                guard !state.withLock({ $0.isStopped }) else { return }
                deliver(tag, .overBudget)
                replaceEndedRenderer()
                return
            case .died(let how):
                guard !state.withLock({ $0.isStopped }) else { return }
                reportDeath(how)
            }
        }
        // Twice on the same page: most likely the address-space limit (poppler aborts when an
        // allocation fails), else a crash in the library.
        deliver(tag, .unavailable(localized("this page is too complex to show (its renderer ran out of memory or crashed)")))
        replaceEndedRenderer()
    }

    /// Starts a renderer in the place of one that ended, so the next pages find it ready.
    private func replaceEndedRenderer() {
        if let renderer = startRenderer() { checkIn(renderer) }
    }

    /// An idle renderer, or a new one; nil when the pool is stopped or renderers cannot work.
    private func checkOut() -> PageRendererProcess? {
        replaceRenderersEndedWhileIdle()
        let taken: PageRendererProcess?? = state.withLock { state in
            guard !state.isStopped, state.refusal == nil else { return .some(nil) }
            return state.idle.popLast().map { .some($0) } ?? .none
        }
        if let taken { return taken }
        return startRenderer()
    }

    /// Idle renderers that died (killed by someone else, or crashed) are reaped, reported and
    /// replaced, not found dead by their next page.
    private func replaceRenderersEndedWhileIdle() {
        let ended: [(PageRendererProcess, Int32?)] = state.withLock { state in
            var ended: [(PageRendererProcess, Int32?)] = []
            state.idle.removeAll { renderer in
                guard let status = renderer.endedWhileIdle() else { return false }
                ended.append((renderer, status))
                return true
            }
            return ended
        }
        for (_, status) in ended {
            reportDeath(PageRendererProcess.describe(status))
            replaceEndedRenderer()
        }
    }

    /// A new renderer; nil when the pool is stopped or renderers cannot work.
    private func startRenderer() -> PageRendererProcess? {
        guard let executable = settings.executable else {
            state.withLock { $0.refusal = localized("glide-page-renderer is not installed beside glide") }
            return nil
        }
        guard state.withLock({ !$0.isStopped && $0.refusal == nil }) else { return nil }
        state.withLock { $0.started += 1 }
        switch startOrFork(executable: executable) {
        case .ready(let renderer):
            guard !state.withLock({ $0.isStopped }) else { return nil }
            return renderer
        case .refused(let reason):
            state.withLock { $0.refusal = reason }
            return nil
        case .failed(let reason):
            state.withLock { $0.refusal = $0.refusal ?? reason }
            return nil
        }
    }

    /// A renderer forked from the zygote when the settings say so; started, when they do not
    /// or the fork did not give a renderer that opened the document.
    private func startOrFork(executable: String) -> PageRendererProcess.Start {
        if settings.startsFromZygote,
           let forked = PageRendererZygotes.renderer(executable: executable, arguments: settings.arguments, document: document,
                                                     budget: settings.budget) {
            guard case .failed(let reason) = forked else { return forked }
            DebugLog.write("a page renderer forked from its zygote failed (\(reason)); one is started instead")
        }
        return PageRendererProcess.start(settings.arguments, executable: executable, document: document, budget: settings.budget)
    }

    private func checkIn(_ renderer: PageRendererProcess) {
        let kept = state.withLock { state in
            guard !state.isStopped else { return false }
            state.idle.append(renderer)
            return true
        }
        if !kept { renderer.end() }
    }

    /// A renderer ended on its own: said once per process on standard error, every time in
    /// the debug log. A new one takes its place with the next request.
    private func reportDeath(_ how: String) {
        state.withLock { $0.deaths += 1 }
        let isFirst = PageRendererPools.deathReported.exchange(true, ordering: .relaxed) == false
        if isFirst {
            StandardError.write("glide: " + localized("warning: a page renderer stopped (%s); a new one takes its place", how) + "\n")
        } else {
            DebugLog.write("a page renderer stopped (\(how)); a new one takes its place")
        }
    }

}

/// Which renderer program a pool starts, how many, and each render's budget.
public struct PageRendererSettings: Sendable {
    /// The renderer program's path; nil when it is not installed (every render then fails).
    public var executable: String?
    /// Its command line: the program's name, then the backend's name (`pdf`).
    public var arguments: [String]
    public var rendererCount: Int
    public var budget: ProcessBudget
    /// Whether renderers are forked from the program's zygote for this kind
    /// (`PageRendererZygotes`): for a backend whose command line names no document.
    public var startsFromZygote: Bool

    public init(executable: String?, arguments: [String], rendererCount: Int = PageRendererPools.defaultRendererCount,
                budget: ProcessBudget = PageRendererPools.defaultBudget, startsFromZygote: Bool = false) {
        self.executable = executable
        self.arguments = arguments
        self.rendererCount = max(1, rendererCount)
        self.budget = budget
        self.startsFromZygote = startsFromZygote
    }
}


/// What every pool shares.
public enum PageRendererPools {
    /// As many renderers as cores, at most 4 (a fifth renderer on a laptop's cores would only
    /// take the frame loop's), unless `GLIDE_RENDERERS` says how many (1 to 16).
    public static var defaultRendererCount: Int {
        if let text = getenv("GLIDE_RENDERERS"), let count = Int(String(cString: text)), (1...16).contains(count) { return count }
        return min(max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1), 4)
    }

    /// A page's budget: 5 s of CPU (the slowest real pages measured, a detailed map or a 600 dpi
    /// scan at 4× zoom, draw in under 2 s), 4 times that on the wall clock (at nice 10 on two
    /// busy cores a renderer still gets a quarter of one), and 1 GB of address space (poppler,
    /// cairo and fontconfig's cache take about 150 MB; a 600 dpi Letter scan decodes to 130 MB).
    public static let defaultBudget = ProcessBudget(cpuSeconds: 5, wallClockAllowance: 4, addressSpaceBytes: 1 << 30)

    static let requestGroup = 0
    static let deathReported = Atomic<Bool>(false)
}
