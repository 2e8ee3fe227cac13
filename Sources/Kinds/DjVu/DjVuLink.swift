import DocumentKit
import PageKit

/// The hyperlinks on a DjVu page (an annotation's `(maparea url comment area …)`), read as
/// `PageLink`s: an area's bounding box in page points from the page's top-left, and where it
/// leads (a page of the document, from 0: `#12`, or `#name` naming a page's file or title; or
/// an address outside the document, as the file names it).
enum DjVuLinks {
    /// The most links read of one page: a page of a million annotations must not cost without bound.
    static let maximumCountPerPage = 2000

    /// The links of `mapareas` on a page of `pageSize`; a `#name` that names no page, and an
    /// area that is not a shape, are left out.
    static func links(_ mapareas: [DjVuExpression], pageSize: DjVuPageSize, handle: DjVuHandle) -> [PageLink] {
        mapareas.compactMap { link(from: $0, pageSize: pageSize, handle: handle) }
    }

    static func link(from maparea: DjVuExpression, pageSize: DjVuPageSize, handle: DjVuHandle) -> PageLink? {
        let items = maparea.items
        guard items.count >= 4, items[0].symbolName == "maparea" else { return nil }
        // The address is a string, or `(url "address" "frame")`.
        let address = items[1].stringValue ?? items[1].items.dropFirst().first?.stringValue
        guard let address, !address.isEmpty else { return nil }
        let target: PageLink.Target
        if address.hasPrefix("#") {
            guard let page = handle.page(ofLink: address) else { return nil }
            target = .destination(PageDestination(page: page, topPoints: nil))
        } else {
            target = .uri(address)
        }
        guard let box = boundingBox(of: items[3]) else { return nil }
        // Page pixels from the bottom-left, as DjVu counts them, to points from the top-left.
        let factor = 72 / pageSize.resolution
        return PageLink(x: box.x * factor, y: (Double(pageSize.heightPixels) - box.maxY) * factor,
                        width: box.width * factor, height: box.height * factor, target: target)
    }

    /// The bounding box of a `(rect x y w h)`, `(oval …)`, `(text …)`, `(poly x y x y …)` or
    /// `(line x y x y)` area, in page pixels from the bottom-left.
    private static func boundingBox(of area: DjVuExpression) -> (x: Double, y: Double, width: Double, height: Double, maxY: Double)? {
        let items = area.items
        guard let shape = items.first?.symbolName else { return nil }
        let numbers = items.dropFirst().compactMap(\.numberValue)
        switch shape {
        case "rect", "oval", "text":
            guard numbers.count >= 4, numbers[2] > 0, numbers[3] > 0 else { return nil }
            return (numbers[0], numbers[1], numbers[2], numbers[3], numbers[1] + numbers[3])
        case "poly", "line":
            guard numbers.count >= 4 else { return nil }
            let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
            let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
            let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
            return (minX, minY, max(maxX - minX, 1), max(maxY - minY, 1), max(maxY, minY + 1))
        default:
            return nil
        }
    }
}
