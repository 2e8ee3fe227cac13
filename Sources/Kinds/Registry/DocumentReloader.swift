import DocumentKit
import Localization
import Machinery

/// Keeps the documents a window shows in step with their files: it watches them
/// (`FileWatcher`), reads a changed file again on a worker thread, and hands the new document,
/// or the reason it cannot be read, to the frame loop through `MainThreadMailbox`.
///
/// The loop polls `fileDescriptors` and calls `handleReadable(_:)`; `deliver` then runs on the
/// loop thread, between frames, with the path as given and the outcome. A file that changes
/// again while it is being read is read once more, and only the latest reading is delivered.
public final class DocumentReloader {
    /// What became of a watched file.
    public enum Outcome {
        /// It changed and was read again: show this document in place of the old one.
        case reloaded(any LoadedDocument)
        /// It cannot be read any more (deleted, made a directory, now a format Glide does not
        /// show): the old document stays shown; `notice` says so in one line.
        case unavailable(notice: String)
    }

    public let watcher: FileWatcher
    private let deliver: (String, Outcome) -> Void
    /// How many readings of each path have been started: a delivery from an older one is
    /// dropped.
    private var generations: [String: Int] = [:]
    /// The document last read from each watched path: what a reading is compared with.
    private var shown: [String: LoopThreadValue<any LoadedDocument>] = [:]

    /// Watches the files of `documents` that can be read again (text read from a file).
    public init(documents: [any LoadedDocument], deliver: @escaping (String, Outcome) -> Void) throws(SystemError) {
        watcher = try FileWatcher()
        self.deliver = deliver
        for document in documents where document.isReloadable {
            if let path = document.path {
                watcher.watch(path)
                shown[path] = LoopThreadValue(document)
            }
        }
    }

    /// The descriptors the loop polls for reading.
    public var fileDescriptors: [Int32] { [watcher.inotifyDescriptor, watcher.timerDescriptor] }

    /// Handles `descriptor` (one of `fileDescriptors`) having become readable.
    public func handleReadable(_ descriptor: Int32) {
        if descriptor == watcher.inotifyDescriptor {
            watcher.readEvents()
        } else if descriptor == watcher.timerDescriptor {
            for path in watcher.takeChangedPaths() { read(path) }
        }
    }

    /// Reads `path` on a worker: opening and (for Markdown up to 4 MB) parsing take as long as
    /// the file makes them, which the frame loop must never wait for.
    private func read(_ path: String) {
        let generation = generations[path, default: 0] + 1
        generations[path] = generation
        guard let document = shown[path] else { return }
        let reloader = LoopThreadReference(self)
        WorkQueue.shared.submit { _ in
            let outcome: Outcome
            do {
                outcome = .reloaded(try KindRegistry.reload(document.value))
            } catch {
                outcome = .unavailable(notice: localized("%s; showing it as it was", String(describing: error)))
            }
            let result = LoopThreadValue(outcome)
            MainThreadMailbox.shared.post {
                guard let reloader = reloader.object, reloader.generations[path] == generation else { return }
                if case .reloaded(let fresh) = result.value { reloader.shown[path] = LoopThreadValue(fresh) }
                reloader.deliver(path, result.value)
            }
        }
    }
}
