import ArchiveKit
import Synchronization
import TextKind

/// A book's style sheets, each parsed once for the whole book whichever chapters link it
/// and whichever thread maps them, and its embedded fonts (the `@font-face` rules of its
/// style sheets), registered once (`ApplicationFonts`) the first time a chapter asks.
final class EPUBStyleSheets: Sendable {
    private let archive: ZipArchive
    private let package: EPUBPackage
    private let sheets = Mutex<[String: CSSStyleSheet?]>([:])
    private let families = Mutex<[String: String]?>(nil)

    init(archive: ZipArchive, package: EPUBPackage) {
        self.archive = archive
        self.package = package
    }

    /// The style sheet in entry `name`, parsed; nil when the book has no such entry.
    func sheet(atEntry name: String) -> CSSStyleSheet? {
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
            guard let sheet = sheet(atEntry: item.entryName) else { continue }
            for face in sheet.fontFaces where found[face.family.lowercased()] == nil {
                for source in face.sources {
                    guard let location = EPUBLocation(href: source, relativeTo: item.entryName),
                          let family = register(location.entryName) else { continue }
                    found[face.family.lowercased()] = family
                    break
                }
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
