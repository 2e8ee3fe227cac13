import DocumentKit
import Localization

/// The home as a screen reader reads it: its heading, then one list item per document, with
/// its title, kind and progress.
extension HomeLayout {
    public func blocks(inSection section: Int) -> [AccessibleBlock] {
        guard section == 0 else { return [] }
        let items = entries.enumerated().map { index, entry in
            AccessibleBlock(role: .listItem, text: entry.title + ", " + detail(of: entry),
                            location: AccessibleBlockLocation(section: 0, block: index + 1))
        }
        return [AccessibleBlock(role: .heading(level: 1), text: localized("Recent documents"),
                                location: AccessibleBlockLocation(section: 0, block: 0)),
                AccessibleBlock(role: .list(isOrdered: false), text: "", children: items,
                                location: AccessibleBlockLocation(section: 0, block: entries.count + 1))]
    }

    public func frame(of location: AccessibleBlockLocation) -> ContentRect? {
        guard location.section == 0 else { return nil }
        if location.block == 0 { return ContentRect(x: 0, y: 0, width: grid.viewportWidth, height: HomeGrid.headerHeightPixels) }
        let index = location.block - 1
        return entries.indices.contains(index) ? grid.frame(ofEntry: index) : nil
    }

    public func scrollTarget(of location: AccessibleBlockLocation) -> AccessibleScrollTarget {
        .block(BlockLocation(section: 0, block: max(location.block - 1, 0), shareOfSectionBefore: 0))
    }
}
