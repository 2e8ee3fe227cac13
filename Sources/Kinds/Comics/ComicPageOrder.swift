import DocumentKit
import ImageKind

/// Which entries of a comic's archive are its pages, and in what order.
enum ComicPageOrder {
    /// The image entries among `names` (by their extension: a scan's name says what it is, and
    /// the decoder refuses a file that lies), in natural order, folder by folder: `page2`
    /// before `page10` whatever their case, a folder's pages where the folder's name sorts
    /// among its siblings (`chapter 2/` before `chapter 10/`), and the files beside folders
    /// before them (the cover before the chapters). macOS's resource forks (`__MACOSX/`,
    /// `._page1.jpg`) and other hidden files are not pages. Each name's key is made once, so
    /// ordering 10,000 pages compares integers.
    static func pages(among names: [String]) -> [String] {
        var pages: [(name: String, folders: [NaturalSortKey], file: NaturalSortKey)] = []
        pages.reserveCapacity(names.count)
        for name in names where FileFormat.hasImageExtension(name) {
            let parts = name.split(separator: "/")
            guard let last = parts.last, !parts.contains(where: { $0.hasPrefix(".") || $0 == "__MACOSX" }) else { continue }
            pages.append((name, parts.dropLast().map { NaturalSortKey(String($0)) }, NaturalSortKey(String(last))))
        }
        pages.sort { left, right in
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
        return pages.map(\.name)
    }
}
