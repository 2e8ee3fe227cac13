import DocumentKit
import Glibc
import ImageKind
import Localization
import Machinery

extension KindRegistry {
    /// Opens the text document at `path` that a link leads to, on a worker, as `open(_:)`
    /// opens a file: opening a FIFO waits for its writer, `/dev/zero` is read up to
    /// `SourceBytes.maximumReadBytes` and Markdown is parsed whole, each as long as the file
    /// makes it, which the frame loop must never wait for (the first document is opened before
    /// the loop starts; a link's opens while it runs). A link leads to text (`LinkAction`), so
    /// a folder, or a file that turns out to be a PDF or an image, is refused here, before any
    /// layout of it is made.
    ///
    /// `deliver` runs on the loop's thread, through `MainThreadMailbox`, with the document or
    /// why it cannot be opened. A read that never ends keeps its worker and never delivers:
    /// the caller goes on showing what it showed, and quitting does not wait for the worker.
    public static func openLinkedText(_ path: String, deliver: @escaping (Result<any LoadedDocument, DocumentError>) -> Void) {
        let delivery = LoopThreadValue(deliver)
        WorkQueue.shared.submit(priority: .immediate) { _ in
            let outcome = Result { () throws(DocumentError) -> any LoadedDocument in try openText(path) }
            let result = LoopThreadValue(outcome)
            MainThreadMailbox.shared.post { delivery.value(result.value) }
        }
    }

    private static func openText(_ path: String) throws(DocumentError) -> any LoadedDocument {
        if ImageDirectory.isDirectory(path) { throw DocumentError(path: path, errno: EISDIR) }
        guard case .text(let text) = try openKnowingKind(path) else {
            throw .cannotOpen(path: path, reason: localized("a link opens only text"))
        }
        return text
    }
}
