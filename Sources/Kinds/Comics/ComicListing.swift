import ArchiveKit
import DocumentKit
import ImageKind

/// What a comic's first frames need, read from its archive's listing: its pages counted and
/// its first found (`ComicPageScan`), its `ComicInfo.xml` read. A zip's central directory and
/// a RAR's, 7z's or tar's headers grow with the pages, so a long listing is made on a worker
/// while the first frame shows a placeholder (`ComicKind`); the archive it holds gives the
/// pages' bytes (`ComicPages`) and their names for the order.
struct ComicListing: ImageArchiveListing {
    /// The archive listed: a zip, read entry by entry through its central directory, or one
    /// read front to back.
    enum Archive: Sendable {
        case zip(ZipArchive)
        case streamed(StreamedArchive)
    }

    let archive: Archive
    let pageCount: Int
    /// The first page's served name and its entry's position in the archive.
    let firstPage: (name: String, position: Int)
    let info: ComicInfo?

    var title: String? { info?.title }
    var readsRightToLeft: Bool { info?.readsRightToLeft ?? false }
    var firstPageName: String { firstPage.name }

    /// Lists the zip `file`: its directory read and scanned, its ComicInfo read. A broken
    /// directory, or one with no image, is the comic's refusal.
    static func list(_ file: ZipFile) -> Result<any ImageArchiveListing, DocumentError> {
        do {
            return list(.zip(try ZipArchive(file: file)), path: file.path)!
        } catch {
            return .failure(error.documentError(path: file.path))
        }
    }

    /// Lists the RAR, 7z or tar `file`: every header read, the names scanned, its ComicInfo
    /// read. A broken archive, or one with no image, is the comic's refusal.
    static func list(_ file: StreamedArchiveFile) -> Result<any ImageArchiveListing, DocumentError> {
        do {
            return list(.streamed(try StreamedArchive(file: file)), path: file.path)!
        } catch {
            return .failure(error.documentError(path: file.path))
        }
    }

    /// The listing of `archive`, its names scanned and its ComicInfo read (one that cannot be
    /// read is none); no image is the refusal of the comic at `path`. A streamed archive's
    /// ComicInfo is read reading at most `infoBudget` bytes when one is given: nil when that
    /// is not enough (and never without one).
    static func list(_ archive: Archive, path: String,
                     readingAtMostBytes infoBudget: Int? = nil) -> Result<any ImageArchiveListing, DocumentError>? {
        let scan = ComicPageScan(archive)
        guard let first = scan.firstPage else { return .failure(.noImages(directory: path)) }
        var info: ComicInfo?
        if let position = scan.comicInfoPosition {
            let maximumBytes = ComicInfo.maximumBytes
            let bytes: [UInt8]?
            do throws(ArchiveError) {
                switch (archive, infoBudget) {
                case (.streamed(let streamed), let budget?):
                    guard let read = try streamed.data(ofEntryAt: position, maximumBytes: maximumBytes,
                                                       readingAtMostBytes: budget) else { return nil }
                    bytes = read
                default:
                    bytes = try archive.data(ofEntryAt: position, maximumBytes: maximumBytes)
                }
            } catch {
                bytes = nil
            }
            info = bytes.flatMap(ComicInfo.init(bytes:))
        }
        return .success(ComicListing(archive: archive, pageCount: scan.pageCount, firstPage: first, info: info))
    }

    /// The served names in the archive's order, which the pages are ordered from.
    var entryNames: [String] {
        switch archive {
        case .zip(let zip): return zip.entryNames
        case .streamed(let streamed): return streamed.entries.map(\.name)
        }
    }

    /// The entry's bytes. The first page is read by its position: its decode, asked for by the
    /// first frame that has it, does not wait for a zip's index of names, which the worker
    /// ordering the pages makes meanwhile.
    func data(ofEntry name: String, maximumBytes: Int) throws(ArchiveError) -> [UInt8] {
        if firstPage.name == name { return try archive.data(ofEntryAt: firstPage.position, maximumBytes: maximumBytes) }
        switch archive {
        case .zip(let zip): return try zip.data(ofEntry: name, maximumBytes: maximumBytes)
        case .streamed(let streamed): return try streamed.data(ofEntry: name, maximumBytes: maximumBytes)
        }
    }
}

extension ComicListing.Archive {
    /// The bytes of the entry at `position` (`ComicPageScan`'s positions).
    func data(ofEntryAt position: Int, maximumBytes: Int) throws(ArchiveError) -> [UInt8] {
        switch self {
        case .zip(let zip): return try zip.data(ofEntryAt: position, maximumBytes: maximumBytes)
        case .streamed(let streamed): return try streamed.data(ofEntryAt: position, maximumBytes: maximumBytes)
        }
    }
}
