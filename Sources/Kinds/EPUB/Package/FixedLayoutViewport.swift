import ArchiveKit

extension EPUBPackage {
    /// A viewport meta sits in the first lines of a page's head: 64 KB leaves room for a long
    /// inline stylesheet before it, and inflating that much costs well under a millisecond.
    static let viewportHeadBytes = 64 << 10

    /// The page size of a fixed-layout spine item: its XHTML's `<meta name="viewport"
    /// content="width=…, height=…">`, read from the head of the entry alone, else the
    /// package's `rendition:viewport`; nil when neither gives one. Reads the archive: call it
    /// on a worker, one page at a time, as pages come near the viewport.
    public func viewport(of item: EPUBSpineItem, in archive: ZipArchive) -> EPUBViewport? {
        if item.item.mediaType != "image/svg+xml",
           let head = try? archive.prefix(ofEntry: item.item.entryName, maximumBytes: EPUBPackage.viewportHeadBytes),
           let viewport = EPUBPackage.viewport(inHead: head) {
            return viewport
        }
        return viewport
    }

    /// The viewport meta of an XHTML page, or of the first bytes of one.
    static func viewport(inHead bytes: [UInt8]) -> EPUBViewport? {
        guard let root = XMLDocument(html: bytes)?.root else { return nil }
        for meta in root.firstChild(named: "head")?.children(named: "meta") ?? []
        where meta.attribute("name")?.trimmingWhitespace().lowercased() == "viewport" {
            if let viewport = meta.attribute("content").flatMap(EPUBViewport.init(parsing:)) { return viewport }
        }
        return nil
    }
}
