import Glibc
import Synchronization

/// Page renderers forked from a zygote: a renderer started once and never given a document,
/// whose start-up (62 libraries linked, fontconfig's configuration read, poppler's fonts and
/// global parameters built) every renderer forked from it finds done. Started by hand on a
/// 1-page PDF, a renderer greeted 32–43 ms after its start on an idle 2-core machine; so the
/// first pages of every document came three frames after its first frame, and a fling begun
/// at once drew them over a full screen there (`glide-bench pdf`'s slowest fling frame, 2.1 ms
/// of loop CPU against 1.3 ms with the renderer thread of 8e8acea).
///
/// The zygote is started once per program and kind, with the first renderer of that kind;
/// each document's renderers are forked from it from then on. Each renderer is Glide's own
/// child (`glide_fork_sibling`): Glide limits, kills and reaps it as one it started. A
/// zygote that died or cannot fork is ended and replaced with the next renderer; meanwhile
/// renderers are started as before (`PageRendererProcess.start`).
public enum PageRendererZygotes {
    /// The thread every zygote is started from, for the process's life: a renderer's
    /// `PR_SET_PDEATHSIG` fires when the *thread* that started its parent ends, and a
    /// renderer's parent is the thread that started the zygote.
    private static let thread = WorkQueue(name: "glide-zygote")

    /// The zygotes running, by their command line; used on `thread` only.
    private static let running = Mutex<[[String]: PageRendererProcess]>([:])

    /// A renderer of `arguments` (the program's name, then the backend's: `pdf`) forked from
    /// its zygote and handed `document`, greeted within `budget`; nil when no zygote could be
    /// started or fork (the caller starts the renderer itself).
    static func renderer(executable: String, arguments: [String], document: Int32,
                         budget: ProcessBudget) -> PageRendererProcess.Start? {
        // The fork on the zygote's thread; the document opened and the greeting waited for on
        // the caller's, so that a pool's renderers open it side by side.
        let forked = thread.promise { () -> PageRendererProcess? in
            guard let zygote = zygote(executable: executable, arguments: arguments, budget: budget) else { return nil }
            switch zygote.fork(budget: budget) {
            case .success(let renderer):
                return renderer
            case .failure(let refusal):
                DebugLog.write("a page renderer's zygote could not fork (\(refusal.reason)); a new one takes its place")
                running.withLock { _ = $0.removeValue(forKey: arguments) }
                zygote.end()
                return nil
            }
        }
        return forked.wait()?.open(document, budget: budget)
    }

    /// The process IDs of the zygotes running (for tests).
    public static var processIDs: [pid_t] { running.withLock { $0.values.map(\.processID) } }

    /// The zygote of `arguments`, started if none runs or the last one ended.
    private static func zygote(executable: String, arguments: [String], budget: ProcessBudget) -> PageRendererProcess? {
        if let zygote = running.withLock({ $0[arguments] }) {
            guard zygote.endedWhileIdle() != nil else { return zygote }
            running.withLock { _ = $0.removeValue(forKey: arguments) }
        }
        let command = Array(arguments.prefix(1)) + ["zygote"] + arguments.dropFirst()
        guard case .ready(let zygote) = PageRendererProcess.start(command, executable: executable, document: nil, budget: budget)
        else { return nil }
        running.withLock { $0[arguments] = zygote }
        return zygote
    }
}
