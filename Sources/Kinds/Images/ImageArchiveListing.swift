import DocumentKit
import Machinery

/// What listing an archive of images found (a comic's pages counted and the first found, its
/// ComicInfo read): what the collection's first frames need before the pages' whole order.
/// Made on a worker for an archive whose directory is long, so the loop never lists it.
public protocol ImageArchiveListing: Sendable {
    /// The title the archive gives itself; nil: the file's name.
    var title: String? { get }
    var readsRightToLeft: Bool { get }
    /// The first page's entry name.
    var firstPageName: String { get }
    /// The image entries, at least one.
    var pageCount: Int { get }
}

/// A listing being made on a worker, or made already; a failure (no image, a broken directory)
/// is the document's refusal.
public typealias ImageArchiveListingPromise = WorkQueue.Promise<Result<any ImageArchiveListing, DocumentError>>
