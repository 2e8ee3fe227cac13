import ArchiveKit

/// What opening a zip comic needs of its names, found in one look over the central
/// directory's bytes with no String made but the first page's: how many pages it has, which
/// comes first in `ComicPageOrder`'s order (the least of them, no sort needed), and where its
/// `ComicInfo.xml` is. The whole order is made on a worker (`ComicKind`), so a 10,000-page
/// comic's first frame costs about what a 10-page one's does (glide-bench comics).
struct ComicPageScan {
    /// The image entries: the pages, but for a name served twice, counted twice here and
    /// once in the order.
    private(set) var pageCount = 0
    /// The first page's served name and its entry's position in the archive.
    private(set) var firstPage: (name: String, position: Int)?
    /// The position of the served `ComicInfo.xml` (`ComicInfo.isEntryName`), if any.
    private(set) var comicInfoPosition: Int?

    init(_ zip: ZipArchive) {
        var least: (bytes: UnsafeBufferPointer<UInt8>, position: Int, isASCII: Bool)?
        // The least page's key, made only when a name that is not ASCII is compared with it.
        var leastKey: PageKey?
        zip.forEachStoredName { position, stored in
            guard let bounds = ArchiveEntryName.servedBounds(stored) else { return }
            let name = UnsafeBufferPointer(rebasing: stored[bounds])
            if comicInfoPosition == nil, ComicInfo.isEntryName(name) { comicInfoPosition = position }
            guard ComicPageOrder.isPage(name) else { return }
            pageCount += 1
            let isASCII = !name.contains { $0 >= 0x80 }
            guard let current = least else {
                least = (name, position, isASCII)
                return
            }
            let precedes: Bool
            if isASCII, current.isASCII {
                precedes = ComicPageOrder.precedes(ascii: name, current.bytes)
            } else {
                // Case folding beyond ASCII is the String's: the keys the order is made by.
                let key = leastKey ?? PageKey(String(decoding: current.bytes, as: UTF8.self))
                leastKey = key
                precedes = PageKey(String(decoding: name, as: UTF8.self)) < key
            }
            if precedes {
                least = (name, position, isASCII)
                leastKey = nil
            }
        }
        firstPage = least.flatMap { least in zip.servedName(ofEntryAt: least.position).map { ($0, least.position) } }
    }
}
