/// How a book hides its embedded fonts from being copied out (not DRM: the key is in the
/// book). Both XOR the start of the font with a key made from the book's identifier.
public enum FontObfuscation: String, Sendable, Hashable {
    /// EPUB OCF's font obfuscation (`http://www.idpf.org/2008/embedding`): the first 1,040
    /// bytes, with the SHA-1 of the unique identifier.
    case idpf = "http://www.idpf.org/2008/embedding"
    /// Adobe's (`http://ns.adobe.com/pdf/enc#RC`): the first 1,024 bytes, with the 16 bytes
    /// of the identifier's UUID.
    case adobe = "http://ns.adobe.com/pdf/enc#RC"

    /// How many leading bytes each algorithm obfuscates.
    public var obfuscatedByteCount: Int {
        switch self {
        case .idpf: return 1040
        case .adobe: return 1024
        }
    }

    /// The key for a book with these identifiers (`uniqueIdentifier` first; Adobe's takes the
    /// first that is a UUID, as Adobe Digital Editions does); nil when none fits.
    public func key(uniqueIdentifier: String?, identifiers: [String]) -> [UInt8]? {
        switch self {
        case .idpf:
            return uniqueIdentifier.map(FontObfuscation.idpfKey)
        case .adobe:
            let candidates = (uniqueIdentifier.map { [$0] } ?? []) + identifiers
            return candidates.lazy.compactMap(FontObfuscation.adobeKey).first
        }
    }

    /// The SHA-1 of `identifier` with U+0020, U+0009, U+000A and U+000D removed (as OCF
    /// says), as UTF-8.
    public static func idpfKey(_ identifier: String) -> [UInt8] {
        SHA1.digest(Array(identifier.utf8.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }))
    }

    /// The 16 bytes of the UUID in `identifier` (`urn:uuid:` and dashes dropped); nil unless
    /// exactly 32 hex digits remain.
    public static func adobeKey(_ identifier: String) -> [UInt8]? {
        var text = Substring(identifier.trimmingWhitespace())
        if text.lowercased().hasPrefix("urn:uuid:") { text = text.dropFirst("urn:uuid:".count) }
        let digits = text.filter { $0 != "-" }
        guard digits.count == 32 else { return nil }
        var key: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
            key.append(byte)
            index = next
        }
        return key
    }

    /// `font` with its first `obfuscatedByteCount` bytes XORed with `key`, repeated: the
    /// same call obfuscates and de-obfuscates.
    public func deobfuscated(_ font: [UInt8], key: [UInt8]) -> [UInt8] {
        guard !key.isEmpty else { return font }
        var bytes = font
        for index in 0..<min(bytes.count, obfuscatedByteCount) {
            bytes[index] ^= key[index % key.count]
        }
        return bytes
    }
}
