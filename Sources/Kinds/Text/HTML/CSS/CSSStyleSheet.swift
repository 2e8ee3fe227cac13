/// A book's style sheet parsed (a linked `.css` entry, or a `<style>` element): its style
/// rules, each selector with the declarations of the subset Glide reads
/// (`BookElementStyle.properties`), and its `@font-face` rules. Parsed once and shared:
/// it is a value, safe to hand between threads.
public struct CSSStyleSheet: Sendable {
    /// One selector of a rule and its rule's declarations.
    struct Rule: Sendable {
        let selector: CSSSelector
        let declarations: [CSSDeclaration]
    }

    /// A `@font-face` rule: the family it names and the URLs of its `src`, as written.
    public struct FontFace: Equatable, Sendable {
        public let family: String
        public let sources: [String]
    }

    private(set) var rules: [Rule] = []
    public private(set) var fontFaces: [FontFace] = []
    /// The URLs of the sheet's `@import` rules whose media Glide matches (`CSSMedia`), as
    /// written, in order: whoever knows where the sheet is finds them (`importing`).
    public private(set) var imports: [String] = []

    /// The most `@import` rules a sheet's imports list keeps: a book's sheet imports one or
    /// two (a fonts sheet, a base sheet).
    static let maximumImports = 16

    /// The most of a style sheet that is read, UTF-8 bytes; the rest is left out, as if the
    /// sheet ended there. A book's sheets are small: Standard Ebooks' core.css is 5 KB and
    /// calibre's stylesheet.css rarely passes 100 KB (Bootstrap, the largest sheet a web page
    /// commonly loads, is 160 KB); 1 MiB is several times any of them, and keeps a hostile
    /// 50 MB sheet to a few milliseconds of tokens.
    public static let maximumBytes = 1 << 20

    /// The most selectors (a rule's list counts each) a sheet keeps, and the most
    /// declarations of the subset over all of them: a calibre conversion has about 200 rules
    /// of about five declarations; 4,096 and 16,384 are twenty times that. Every element of
    /// a chapter is tested against at most these, so a hostile sheet of a million `*`
    /// rules costs a chapter no more than a large real one does.
    static let maximumSelectors = 4096
    static let maximumDeclarations = 16_384
    /// The most declarations read from one block: ten times any real rule's.
    static let maximumDeclarationsPerBlock = 256
    /// The most `@font-face` rules kept: a book embeds a few fonts, a large one a dozen.
    static let maximumFontFaces = 64

    /// The sheet `text` holds (its first `maximumBytes` bytes).
    public init(text: String) {
        var text = text
        if text.utf8.count > CSSStyleSheet.maximumBytes {
            text = String(decoding: text.utf8.prefix(CSSStyleSheet.maximumBytes), as: UTF8.self)
        }
        var parser = CSSParser(tokens: CSSTokenizer.tokens(of: text))
        var declarationCount = 0
        var rules: [Rule] = []
        var fontFaces: [FontFace] = []
        var imports: [String] = []
        parser.parseStyleSheet(visitRule: { rule in
            let declarations = rule.declarations.filter { BookElementStyle.properties.contains($0.property) }
            guard !declarations.isEmpty else { return }
            for selector in CSSSelector.list(rule.prelude) {
                guard rules.count < CSSStyleSheet.maximumSelectors,
                      declarationCount + declarations.count <= CSSStyleSheet.maximumDeclarations else { return }
                rules.append(Rule(selector: selector, declarations: declarations))
                declarationCount += declarations.count
            }
        }, visitAtRule: { rule in
            if rule.name == "import", imports.count < CSSStyleSheet.maximumImports, let href = CSSStyleSheet.importedURL(rule.prelude) {
                imports.append(href)
            }
            guard rule.name == "font-face", fontFaces.count < CSSStyleSheet.maximumFontFaces,
                  let face = CSSStyleSheet.fontFace(rule.declarations) else { return }
            fontFaces.append(face)
        })
        self.rules = rules
        self.fontFaces = fontFaces
        self.imports = imports
    }

    /// The sheet with the rules and font faces of `imported` (the sheets its `imports` name,
    /// found) before its own, as CSS cascades an imported sheet's rules before those of the
    /// sheet that imports it; within the limits of one sheet.
    public func importing(_ imported: [CSSStyleSheet]) -> CSSStyleSheet {
        guard !imported.isEmpty else { return self }
        var sheet = self
        sheet.rules = Array((imported.flatMap(\.rules) + rules).suffix(CSSStyleSheet.maximumSelectors))
        sheet.fontFaces = Array((imported.flatMap(\.fontFaces) + fontFaces).prefix(CSSStyleSheet.maximumFontFaces))
        return sheet
    }

    /// The URL of an `@import` prelude (`url(x.css)`, `url("x.css")` or `"x.css"`) when the
    /// media after it are Glide's (`CSSMedia`); nil otherwise.
    private static func importedURL(_ prelude: ArraySlice<CSSToken>) -> String? {
        let words = Array(prelude.drop { $0 == .whitespace })
        guard let first = words.first else { return nil }
        let url: String
        var rest: ArraySlice<CSSToken>
        switch first {
        case .string(let text), .url(let text):
            url = text
            rest = words.dropFirst()
        case .function(let name) where name.lowercased() == "url":
            guard let close = words.firstIndex(of: .closeParenthesis), let found = CSSValues.urls(Array(words[...close])).first else {
                return nil
            }
            url = found
            rest = words[(close + 1)...]
        default:
            return nil
        }
        return CSSMedia.applies(rest) && !url.isEmpty ? url : nil
    }

    /// The family and sources of a `@font-face` block; nil without either.
    private static func fontFace(_ declarations: [CSSDeclaration]) -> FontFace? {
        var family: String?
        var sources: [String] = []
        for declaration in declarations {
            switch declaration.property {
            case "font-family":
                family = CSSValues.familyNames(declaration.value).first
            case "src":
                sources = CSSValues.urls(declaration.value)
            default:
                break
            }
        }
        guard let family, !family.isEmpty, !sources.isEmpty else { return nil }
        return FontFace(family: family, sources: sources)
    }
}
