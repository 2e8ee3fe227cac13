import CLibXML2

/// HTML's named characters that books write in XHTML without declaring them (XML defines
/// only `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&apos;`): the typographic ones and Latin-1's
/// most common, as entities libxml2 reads like its predefined ones, as characters. Made once
/// and only ever read, so parsers on several threads share them.
final class HTMLCharacterEntities: @unchecked Sendable {
    static let shared = HTMLCharacterEntities()

    private let entities: [String: xmlEntityPtr]

    /// From the HTML standard's named character references.
    private static let characters: [String: String] = [
        "nbsp": "\u{A0}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "zwnj": "\u{200C}",
        "zwj": "\u{200D}", "shy": "\u{AD}", "ndash": "\u{2013}", "mdash": "\u{2014}", "lsquo": "\u{2018}",
        "rsquo": "\u{2019}", "sbquo": "\u{201A}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}",
        "laquo": "\u{AB}", "raquo": "\u{BB}", "lsaquo": "\u{2039}", "rsaquo": "\u{203A}", "hellip": "\u{2026}",
        "bull": "\u{2022}", "middot": "\u{B7}", "dagger": "\u{2020}", "Dagger": "\u{2021}", "sect": "\u{A7}",
        "para": "\u{B6}", "copy": "\u{A9}", "reg": "\u{AE}", "trade": "\u{2122}", "deg": "\u{B0}",
        "times": "\u{D7}", "divide": "\u{F7}", "minus": "\u{2212}", "frac12": "\u{BD}", "frac14": "\u{BC}",
        "frac34": "\u{BE}", "sup1": "\u{B9}", "sup2": "\u{B2}", "sup3": "\u{B3}", "prime": "\u{2032}",
        "Prime": "\u{2033}", "eacute": "\u{E9}", "egrave": "\u{E8}", "agrave": "\u{E0}", "aacute": "\u{E1}",
        "ccedil": "\u{E7}", "ouml": "\u{F6}", "uuml": "\u{FC}", "auml": "\u{E4}", "szlig": "\u{DF}",
    ]

    private init() {
        var entities: [String: xmlEntityPtr] = [:]
        for (name, character) in HTMLCharacterEntities.characters {
            // No document: the entity belongs to no table and lives as long as the process.
            if let entity = xmlNewEntity(nil, name, Int32(XML_INTERNAL_PREDEFINED_ENTITY.rawValue), nil, nil, character) {
                entities[name] = entity
            }
        }
        self.entities = entities
    }

    func entity(named name: String) -> xmlEntityPtr? { entities[name] }
}
