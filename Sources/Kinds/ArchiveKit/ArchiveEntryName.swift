/// The rule for which entry names an archive serves, and under what name.
public enum ArchiveEntryName {
    /// `raw` as the archive serves it: without leading `./` (zip tools that stored names as
    /// they were typed); nil for a name never served: empty, a directory (ending in `/`),
    /// absolute (`/etc/passwd`), or with a `..` component, which only a hostile or broken
    /// tool writes and which a program that unpacked the archive would follow out of its folder.
    /// A backslash is an ordinary character: zip names separate folders with `/` only.
    public static func served(_ raw: String) -> String? {
        var name = Substring(raw)
        while name.hasPrefix("./") { name = name.dropFirst(2) }
        guard !name.isEmpty, !name.hasPrefix("/"), !name.hasSuffix("/") else { return nil }
        // A `..` component, found without splitting the name (opening a 10,000-page comic
        // serves every name once).
        guard name != "..", !name.hasPrefix("../"), !name.hasSuffix("/.."), !name.contains("/../") else { return nil }
        return String(name)
    }
}
