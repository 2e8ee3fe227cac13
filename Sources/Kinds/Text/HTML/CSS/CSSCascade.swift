/// The cascade of a chapter's style sheets (CSS Cascade 4, §6, for author sheets alone):
/// for each property, the declaration of the highest precedence that applies to an
/// element: `!important` ones above the rest; among each, a `style` attribute's above every
/// selector's; then the more specific selector; then the later in order (the sheets as the
/// chapter links and holds them, `<link rel=stylesheet>` and `<style>` in document order).
struct CSSCascade {
    private struct Entry {
        let selector: CSSSelector
        let declarations: [CSSDeclaration]
        /// Its place in the order of all the chapter's rules.
        let order: Int
    }

    private var byKey: [CSSRuleKey: [Entry]] = [:]
    private var universal: [Entry] = []
    var isEmpty: Bool { byKey.isEmpty && universal.isEmpty }

    /// The cascade of `sheets` in order; past `CSSStyleSheet.maximumSelectors` selectors in
    /// all, later rules are left out, so an element is tested against no more than one
    /// large sheet's rules whatever a chapter links.
    init(sheets: [CSSStyleSheet]) {
        var order = 0
        for sheet in sheets {
            for rule in sheet.rules {
                guard order < CSSStyleSheet.maximumSelectors else { return }
                let entry = Entry(selector: rule.selector, declarations: rule.declarations, order: order)
                if let key = rule.selector.key { byKey[key, default: []].append(entry) } else { universal.append(entry) }
                order += 1
            }
        }
    }

    /// Each property's winning declaration for `node`, whose `style` attribute holds `inline`.
    func declarations(for node: HTMLNode, inline: [CSSDeclaration]) -> [String: CSSDeclaration] {
        var candidates = universal
        if let name = node.elementName, let entries = byKey[.type(name)] { candidates += entries }
        if let id = node.attribute("id"), let entries = byKey[.id(id)] { candidates += entries }
        for name in Set(node.classes.map(String.init)) {
            if let entries = byKey[.class(name)] { candidates += entries }
        }
        let matched = candidates.filter { $0.selector.matches(node) }.sorted {
            ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order)
        }
        var normal: [String: CSSDeclaration] = [:]
        var important: [String: CSSDeclaration] = [:]
        for declaration in matched.flatMap(\.declarations) + inline {
            if declaration.isImportant { important[declaration.property] = declaration } else { normal[declaration.property] = declaration }
        }
        return normal.merging(important) { _, winner in winner }
    }
}
