import DocumentKit
import ImageKind

/// Which entries of a comic's archive are its pages, and in what order.
enum ComicPageOrder {
    /// The image entries among `names` (by their extension: a scan's name says what it is, and
    /// the decoder refuses a file that lies), in natural order, folder by folder: `page2`
    /// before `page10` whatever their case, and a folder's pages where the folder's name sorts
    /// among its siblings (`chapter 2/` before `chapter 10/`). macOS's resource forks
    /// (`__MACOSX/`, `._page1.jpg`) and other hidden files are not pages.
    static func pages(among names: [String]) -> [String] {
        let pages = names.filter { name in
            FileFormat.hasImageExtension(name) && !name.split(separator: "/").contains { $0.hasPrefix(".") || $0 == "__MACOSX" }
        }
        let components = Dictionary(uniqueKeysWithValues: pages.map { ($0, $0.split(separator: "/").map(String.init)) })
        return pages.sorted { left, right in
            let (leftParts, rightParts) = (components[left]!, components[right]!)
            for (leftPart, rightPart) in zip(leftParts, rightParts) where leftPart != rightPart {
                // A file beside a folder comes first (the cover before the chapters).
                let (leftIsLast, rightIsLast) = (leftPart == leftParts.last, rightPart == rightParts.last)
                if leftIsLast != rightIsLast { return leftIsLast }
                if ImageDirectory.isInNaturalOrder(leftPart, rightPart) { return true }
                if ImageDirectory.isInNaturalOrder(rightPart, leftPart) { return false }
                // Equal but for case: a fixed order all the same.
                return leftPart < rightPart
            }
            return leftParts.count < rightParts.count
        }
    }
}
