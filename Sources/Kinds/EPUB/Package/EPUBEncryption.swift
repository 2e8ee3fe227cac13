import ArchiveKit
import Localization

/// A resource the book obfuscates (a font, as a rule), to be XORed back before use.
public struct EPUBObfuscatedResource: Sendable, Hashable {
    public var entryName: String
    public var algorithm: FontObfuscation

    public init(entryName: String, algorithm: FontObfuscation) {
        self.entryName = entryName
        self.algorithm = algorithm
    }
}

/// `META-INF/encryption.xml` (XML Encryption's `EncryptedData`, one per resource): which
/// resources are obfuscated fonts, or that the book is under DRM.
enum EPUBEncryption {
    static let entryName = "META-INF/encryption.xml"
    /// An encryption.xml names one element per encrypted resource: 16 MB holds a few
    /// hundred thousand of them.
    static let maximumBytes = 16 << 20

    /// The obfuscated resources. Any `EncryptedData` whose algorithm is neither obfuscation
    /// (Adobe's ADEPT uses `xmlenc#aes128-cbc`, Readium LCP `xmlenc#aes256-cbc`, Apple's
    /// FairPlay its own) throws `protectedByDRM`: such a book's chapters are ciphertext.
    static func obfuscatedResources(in archive: ZipArchive) throws(EPUBError) -> [EPUBObfuscatedResource] {
        guard archive.contains(entryName) else { return [] }
        let bytes = try archive.data(ofEntry: entryName, maximumBytes: maximumBytes)
        guard let root = XMLDocument(bytes: bytes)?.root else {
            throw .damaged(detail: localized("'%s' is not XML", entryName))
        }
        var resources: [EPUBObfuscatedResource] = []
        for data in root.children(named: "EncryptedData") {
            let algorithm = data.firstChild(named: "EncryptionMethod")?.attribute("Algorithm")
            guard let obfuscation = algorithm.flatMap({ FontObfuscation(rawValue: String($0.trimmingWhitespace())) }) else {
                throw .protectedByDRM
            }
            // CipherReference URIs are relative to the container's root (OCF).
            guard let uri = data.firstChild(named: "CipherData")?.firstChild(named: "CipherReference")?.attribute("URI"),
                  let location = EPUBLocation(href: uri, relativeTo: "") else { continue }
            resources.append(EPUBObfuscatedResource(entryName: location.entryName, algorithm: obfuscation))
        }
        return resources
    }
}
