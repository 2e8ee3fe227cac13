import ArchiveKit
import Localization

/// `META-INF/container.xml`: where the package document (the OPF) is.
enum EPUBContainer {
    static let entryName = "META-INF/container.xml"
    /// A container names one or a few rootfiles in a few hundred bytes.
    static let maximumBytes = 1 << 20
    static let packageMediaType = "application/oebps-package+xml"

    /// The package document's entry: the first `rootfile` of the OPF media type (else the
    /// first of any), as `full-path` names it from the archive's root. A book without a
    /// container, or whose container names nothing, gets its first `.opf` entry, as lenient
    /// readers (calibre, Foliate) do.
    static func packagePath(in archive: ZipArchive) throws(EPUBError) -> String {
        if archive.contains(entryName) {
            let bytes = try archive.data(ofEntry: entryName, maximumBytes: maximumBytes)
            let rootfiles = XMLDocument(bytes: bytes)?.root?.firstChild(named: "rootfiles")?.children(named: "rootfile") ?? []
            let preferred = rootfiles.first { $0.attribute("media-type")?.trimmingWhitespace() == packageMediaType[...] }
            if let path = (preferred ?? rootfiles.first)?.attribute("full-path"), let name = entryName(of: path, in: archive) {
                return name
            }
        }
        if let opf = archive.entryNames.first(where: { $0.lowercased().hasSuffix(".opf") }) { return opf }
        throw archive.contains(entryName)
            ? .damaged(detail: localized("'%s' names no package document", entryName))
            : .missingEntry(name: entryName)
    }

    /// `full-path` is a path from the root, which some tools still percent-encode.
    private static func entryName(of path: String, in archive: ZipArchive) -> String? {
        let plain = String(path.trimmingWhitespace().drop { $0 == "/" })
        if archive.contains(plain) { return plain }
        return EPUBLocation(href: plain, relativeTo: "").map(\.entryName) ?? (plain.isEmpty ? nil : plain)
    }
}
