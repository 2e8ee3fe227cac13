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
    /// why it cannot be opened. A read that never ends (a FIFO whose writer holds it open)
    /// never delivers: the caller goes on showing what it showed, and quitting does not wait
    /// for the worker. Cancelling the returned ticket gives the open up: a read waiting for a
    /// writer ends within `SourceBytes.cancellationCheckMilliseconds`, freeing its worker.
    @discardableResult
    public static func openLinkedText(_ path: String,
                                      deliver: @escaping (Result<any LoadedDocument, DocumentError>) -> Void) -> WorkTicket {
        let delivery = LoopThreadValue(deliver)
        return WorkQueue.shared.submit(priority: .immediate) { ticket in
            let outcome = Result { () throws(DocumentError) -> any LoadedDocument in
                try openText(path, isCancelled: { ticket.isCancelled })
            }
            let result = LoopThreadValue(outcome)
            MainThreadMailbox.shared.post { delivery.value(result.value) }
        }
    }

    private static func openText(_ path: String, isCancelled: @escaping () -> Bool) throws(DocumentError) -> any LoadedDocument {
        if ImageDirectory.isDirectory(path) { throw DocumentError(path: path, errno: EISDIR) }
        guard case .text(let text) = try openKnowingKind(path, isCancelled: isCancelled) else {
            throw .cannotOpen(path: path, reason: localized("a link opens only text"))
        }
        return text
    }
}
