import CPoppler
import DocumentKit
import PageKit

/// Where a link or an outline entry leads inside the document (`PageDestination`).
public typealias PDFDestination = PageDestination

/// A link on a page (`PageLink`): its rectangle in PDF points from the page's top-left, and
/// where it goes.
public typealias PDFLink = PageLink

extension PopplerDocumentHandle {
    /// The page and top a poppler destination names, resolving named destinations; nil when
    /// it leads nowhere in this document.
    func resolve(_ dest: UnsafeMutablePointer<PopplerDest>) -> PDFDestination? {
        if dest.pointee.type == POPPLER_DEST_NAMED {
            guard let name = dest.pointee.named_dest, let found = poppler_document_find_dest(pointer, name) else { return nil }
            defer { poppler_dest_free(found) }
            guard found.pointee.type != POPPLER_DEST_NAMED else { return nil }
            return resolve(found)
        }
        let page = Int(dest.pointee.page_num) - 1
        guard page >= 0, page < Int(poppler_document_get_n_pages(pointer)) else { return nil }
        guard dest.pointee.change_top != 0, let size = pageSize(page) else { return PDFDestination(page: page, topPoints: nil) }
        // PDF destinations count up from the page's bottom.
        return PDFDestination(page: page, topPoints: min(max(size.height - dest.pointee.top, 0), size.height))
    }

    /// The links of page `index`, at most `limit` (a page of a million annotations must not
    /// cost without bound).
    func links(onPage index: Int, limit: Int = 2000) -> [PDFLink] {
        withPage(index) { links(on: $0, limit: limit) } ?? []
    }

    private func links(on page: OpaquePointer, limit: Int) -> [PDFLink] {
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        guard let mapping = poppler_page_get_link_mapping(page) else { return [] }
        defer { poppler_page_free_link_mapping(mapping) }
        var links: [PDFLink] = []
        var node: UnsafeMutablePointer<GList>? = mapping
        while let current = node, links.count < limit {
            node = current.pointee.next
            guard let raw = current.pointee.data else { continue }
            let link = raw.assumingMemoryBound(to: PopplerLinkMapping.self).pointee
            guard let action = link.action else { continue }
            let target: PDFLink.Target
            if let dest = glide_poppler_action_goto_dest(action) {
                guard let destination = resolve(dest) else { continue }
                target = .destination(destination)
            } else if action.pointee.type == POPPLER_ACTION_URI, let uri = action.pointee.uri.uri {
                target = .uri(String(cString: uri))
            } else {
                continue
            }
            let area = link.area
            // The mapping's rectangles count up from the page's bottom, as PDF does.
            links.append(PDFLink(x: min(area.x1, area.x2), y: height - max(area.y1, area.y2),
                                 width: abs(area.x2 - area.x1), height: abs(area.y2 - area.y1), target: target))
        }
        return links
    }
}
