import ArchiveKit

/// What opening a comic needs of its names, found in one look over them (a zip's over its
/// central directory's bytes, with no String made but the first page's): how many pages it
/// has, which comes first in `ComicPageOrder`'s order (the least of them, no sort needed), and
/// where its `ComicInfo.xml` is. The whole order is made on a worker (`ComicKind`), so a
/// 10,000-page comic's first frame costs about what a 10-page one's does (glide-bench comics).
struct ComicPageScan {
    /// The image entries: the pages, but for a name served twice, counted twice here and
    /// once in the order.
    private(set) var pageCount = 0
    /// The first page's served name and its entry's position in the archive.
    private(set) var firstPage: (name: String, position: Int)?
    /// The position of the served `ComicInfo.xml` (`ComicInfo.isEntryName`), if any.
    private(set) var comicInfoPosition: Int?

    init(_ archive: ComicListing.Archive) {
        switch archive {
        case .zip(let zip): self.init(zip)
        case .streamed(let streamed): self.init(streamed)
        }
    }

    init(_ zip: ZipArchive) {
        self.init(names: { body in
            zip.forEachStoredName { position, stored in
                guard let bounds = ArchiveEntryName.servedBounds(stored) else { return }
                body(position, UnsafeBufferPointer(rebasing: stored[bounds]))
            }
        }, servedName: zip.servedName(ofEntryAt:))
    }

    init(_ streamed: StreamedArchive) {
        // The names' bytes laid end to end: the least one's bytes are kept from one name to
        // the next, which a String's own bytes (`withUTF8`) are not.
        var bytes: [UInt8] = [], ends: [Int] = []
        ends.reserveCapacity(streamed.entries.count)
        for entry in streamed.entries {
            bytes.append(contentsOf: entry.name.utf8)
            ends.append(bytes.count)
        }
        self.init(names: { body in
            bytes.withUnsafeBufferPointer { names in
                var start = 0
                for (position, end) in ends.enumerated() {
                    body(position, UnsafeBufferPointer(rebasing: names[start..<end]))
                    start = end
                }
            }
        }, servedName: { streamed.entries[$0].name })
    }

    /// A look over the served names `forEachName` gives with their positions (the bytes
    /// valid until `forEachName` returns); `servedName` makes the first page's name from its position.
    private init(names forEachName: (_ body: (_ position: Int, _ name: UnsafeBufferPointer<UInt8>) -> Void) -> Void,
                 servedName: (Int) -> String?) {
        var least: (bytes: UnsafeBufferPointer<UInt8>, position: Int, isASCII: Bool)?
        // The least page's key, made only when a name that is not ASCII is compared with it.
        var leastKey: PageKey?
        forEachName { position, name in
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
        firstPage = least.flatMap { least in servedName(least.position).map { ($0, least.position) } }
    }
}
