import DocumentKit
import ImageKind

/// Which entries of a comic's archive are its pages, and in what order.
enum ComicPageOrder {
    /// The image entries among `names` (`isPage`), in natural order, folder by folder: `page2`
    /// before `page10` whatever their case, a folder's pages where the folder's name sorts
    /// among its siblings (`chapter 2/` before `chapter 10/`), and the files beside folders
    /// before them (the cover before the chapters). Each name's key is made once, so ordering
    /// 10,000 pages compares integers.
    static func pages(among names: [String]) -> [String] {
        var pages: [PageKey] = []
        pages.reserveCapacity(names.count)
        for name in names where isPage(name.utf8) { pages.append(PageKey(name)) }
        pages.sort(by: <)
        return pages.map(\.name)
    }

    /// Whether the served name whose bytes are `name` is a page: an image by its extension (a
    /// scan's name says what it is, and the decoder refuses a file that lies), and neither
    /// one of macOS's resource forks (`__MACOSX/`, `._page1.jpg`) nor another hidden file.
    static func isPage<Bytes: BidirectionalCollection>(_ name: Bytes) -> Bool where Bytes.Element == UInt8 {
        guard FileFormat.hasImageExtension(bytes: name) else { return false }
        // Part by part without splitting: opening a comic looks at each of its names once.
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var partStart = name.startIndex, index = name.startIndex
        while true {
            let atEnd = index == name.endIndex
            if atEnd || name[index] == slash {
                let part = name[partStart..<index]
                if part.first == dot || part.elementsEqual(resourceForks) { return false }
                if atEnd { return true }
                partStart = name.index(after: index)
            }
            index = name.index(after: index)
        }
    }

    private static let resourceForks = Array("__MACOSX".utf8)

    /// Whether the page named by the ASCII bytes `left` comes before `right` in `pages`' order,
    /// compared straight from the bytes, allocating nothing: how the first page of 10,000 is
    /// found at open in one look, without keys or a sort.
    static func precedes(ascii left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        var leftParts = PathComponents(left), rightParts = PathComponents(right)
        while let leftPart = leftParts.next(), let rightPart = rightParts.next() {
            let leftIsFile = leftParts.isAtEnd, rightIsFile = rightParts.isAtEnd
            // The shallower one is a file where the other has a folder: the file first.
            if leftIsFile != rightIsFile { return leftIsFile }
            let order = NaturalSortKey.compare(ascii: leftPart, rightPart)
            if order != 0 { return order < 0 }
            if leftIsFile { break }
        }
        // Equal but for case: a fixed order all the same.
        return left.lexicographicallyPrecedes(right)
    }
}

/// A page's name as `ComicPageOrder` orders it: its folders' keys, then its file's.
struct PageKey: Comparable {
    let name: String
    private let folders: [NaturalSortKey]
    private let file: NaturalSortKey

    init(_ name: String) {
        self.name = name
        let parts = name.split(separator: "/")
        folders = parts.dropLast().map { NaturalSortKey(String($0)) }
        file = NaturalSortKey(parts.last.map(String.init) ?? "")
    }

    static func < (left: PageKey, right: PageKey) -> Bool {
        for (leftFolder, rightFolder) in zip(left.folders, right.folders) where leftFolder != rightFolder {
            return leftFolder < rightFolder
        }
        if left.folders.count != right.folders.count {
            // The shallower one is a file where the other has a folder: the file first.
            return left.folders.count < right.folders.count
        }
        if left.file != right.file { return left.file < right.file }
        // Equal but for case: a fixed order all the same.
        return left.name < right.name
    }

    static func == (left: PageKey, right: PageKey) -> Bool { left.name == right.name }
}

/// The non-empty `/`-separated parts of a name's bytes, one at a time, as `split` gives them.
private struct PathComponents {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private static let slash = UInt8(ascii: "/")

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether no part is left after the last one given.
    var isAtEnd: Bool {
        var rest = index
        while rest < bytes.count, bytes[rest] == PathComponents.slash { rest += 1 }
        return rest == bytes.count
    }

    mutating func next() -> UnsafeBufferPointer<UInt8>? {
        while index < bytes.count, bytes[index] == PathComponents.slash { index += 1 }
        guard index < bytes.count else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != PathComponents.slash { index += 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<index])
    }
}
