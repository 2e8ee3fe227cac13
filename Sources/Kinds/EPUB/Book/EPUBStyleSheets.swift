import ArchiveKit
import Synchronization
import TextKind

/// A book's style sheets, each parsed once for the whole book whichever chapters link it
/// and whichever thread maps them, with the sheets its `@import`s name inside the book, and
/// its embedded fonts (the `@font-face` rules of its style sheets), registered once
/// (`ApplicationFonts`) the first time a chapter asks.
final class EPUBStyleSheets: Sendable {
    private let archive: ZipArchive
    private let package: EPUBPackage
    /// Each sheet as its entry holds it.
    private let sheets = Mutex<[String: CSSStyleSheet?]>([:])
    /// Each sheet with what it imports.
    private let importingSheets = Mutex<[String: CSSStyleSheet?]>([:])
    private let families = Mutex<[String: String]?>(nil)

    /// How deep `@import`s are followed: a book's sheet imports a sheet that may import one
    /// more; deeper ones, and a sheet that imports itself or one importing it, are passed
    /// over, so a cycle or a hostile chain costs a few look-ups.
    static let maximumImportDepth = 4

    init(archive: ZipArchive, package: EPUBPackage) {
        self.archive = archive
        self.package = package
    }

    /// The style sheet in entry `name`, parsed, after the sheets its `@import`s name (in the
    /// book only, `maximumImportDepth` deep); nil when the book has no such entry.
    func sheet(atEntry name: String) -> CSSStyleSheet? {
        if let known = importingSheets.withLock({ $0[name] }) { return known }
        let sheet = importing(name, depth: 0, within: [])
        importingSheets.withLock { $0[name] = sheet }
        return sheet
    }

    /// The sheet in entry `name` with its imports, `depth` imports down from a chapter's link,
    /// inside the sheets `within` that import it.
    private func importing(_ name: String, depth: Int, within: Set<String>) -> CSSStyleSheet? {
        guard let sheet = ownSheet(atEntry: name) else { return nil }
        guard depth < EPUBStyleSheets.maximumImportDepth, !sheet.imports.isEmpty else { return sheet }
        let imported = sheet.imports.compactMap { href -> CSSStyleSheet? in
            guard let location = EPUBLocation(href: href, relativeTo: name), location.entryName != name,
                  !within.contains(location.entryName) else { return nil }
            return importing(location.entryName, depth: depth + 1, within: within.union([name]))
        }
        return sheet.importing(imported)
    }

    /// The style sheet in entry `name` alone, parsed; nil when the book has no such entry.
    private func ownSheet(atEntry name: String) -> CSSStyleSheet? {
        sheets.withLock { sheets -> CSSStyleSheet? in
            if let known = sheets[name] { return known }
            let sheet = read(name)
            sheets[name] = sheet
            return sheet
        }
    }

    /// Its first `CSSStyleSheet.maximumBytes`, read from the zip (the rest is never inflated).
    private func read(_ name: String) -> CSSStyleSheet? {
        guard archive.contains(name),
              let bytes = try? archive.prefix(ofEntry: name, maximumBytes: CSSStyleSheet.maximumBytes) else { return nil }
        return CSSStyleSheet(text: String(decoding: bytes, as: UTF8.self))
    }

    /// Each `@font-face` family of the book's style sheets (the manifest's `text/css`
    /// items), in lower case, and the family its font registered as: the first of its
    /// sources that is in the book and that fontconfig reads, de-obfuscated as the book's
    /// `encryption.xml` says. Fonts that fail are left out; the first call registers them.
    var fontFamilies: [String: String] {
        families.withLock { families -> [String: String] in
            if let known = families { return known }
            let found = registerFonts()
            families = found
            return found
        }
    }

    private func registerFonts() -> [String: String] {
        var found: [String: String] = [:]
        for item in package.manifest where item.mediaType.lowercased() == "text/css" {
            // Each sheet's own faces, whose sources are relative to it.
            guard let sheet = ownSheet(atEntry: item.entryName) else { continue }
            found.merge(families(of: sheet.fontFaces, relativeTo: item.entryName)) { first, _ in first }
        }
        return found
    }

    /// The fonts of `faces`, whose sources are relative to entry `base`, registered: each
    /// family in lower case and the family its first source fontconfig reads registered as.
    func families(of faces: [CSSStyleSheet.FontFace], relativeTo base: String) -> [String: String] {
        var found: [String: String] = [:]
        for face in faces where found[face.family.lowercased()] == nil {
            for source in face.sources {
                guard let location = EPUBLocation(href: source, relativeTo: base),
                      let family = register(location.entryName) else { continue }
                found[face.family.lowercased()] = family
                break
            }
        }
        return found
    }

    /// The font in entry `name` registered; its family, or nil.
    private func register(_ name: String) -> String? {
        guard archive.contains(name),
              let bytes = try? archive.data(ofEntry: name, maximumBytes: ApplicationFonts.maximumFontBytes) else { return nil }
        let font = package.deobfuscated(bytes, ofEntry: name)
        return ApplicationFonts.register(font, key: archive.path + "\u{0}" + name + "\u{0}\(bytes.count)")
    }
}
