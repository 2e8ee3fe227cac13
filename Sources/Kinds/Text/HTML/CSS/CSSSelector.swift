import CLibXML2

/// A selector of the subset a book's style sheet is read with (Selectors Level 3): type
/// selectors, `*`, `.class`, `#id`, compounds of them (`p.first`), and descendant
/// combinators between compounds (`div.poem p`). A selector with anything else (a child or
/// sibling combinator, an attribute, a pseudo-class or pseudo-element, a namespace) is not
/// made at all: its rule never applies, as if no element matched it.
struct CSSSelector: Equatable, Sendable {
    /// One compound: what a single element must be.
    struct Compound: Equatable, Sendable {
        /// The element's name in lower case; nil for `*` or none written.
        var type: String?
        var ids: [String] = []
        var classes: [String] = []

        func matches(_ node: HTMLNode) -> Bool {
            if let type, node.elementName != type { return false }
            if !ids.isEmpty {
                guard let id = node.attribute("id"), ids.allSatisfy({ $0 == id }) else { return false }
            }
            if !classes.isEmpty {
                let own = node.classes
                guard classes.allSatisfy({ name in own.contains { $0 == name } }) else { return false }
            }
            return true
        }
    }

    /// The compounds from the leftmost (the outermost ancestor) to the subject.
    let compounds: [Compound]

    /// The most compounds a selector may chain: a real book's longest run to five or six
    /// (`body div.chapter div.poem p span`); past 32 the selector is taken as not supported,
    /// so a hostile one costs at most 32 steps an ancestor.
    static let maximumCompounds = 32

    /// Specificity as one number that orders as (ids, classes, types) does: each count
    /// is held under 1,024, which no selector of `maximumCompounds` compounds of a sheet
    /// held to `CSSStyleSheet.maximumBytes` has past a few.
    var specificity: Int {
        var ids = 0, classes = 0, types = 0
        for compound in compounds {
            ids += compound.ids.count
            classes += compound.classes.count
            types += compound.type == nil ? 0 : 1
        }
        return min(ids, 1023) << 20 | min(classes, 1023) << 10 | min(types, 1023)
    }

    /// The selectors of a rule's prelude, a comma-separated list; those outside the subset
    /// are left out (the others still apply, as a browser that knows them all would apply them).
    static func list(_ prelude: ArraySlice<CSSToken>) -> [CSSSelector] {
        prelude.split(separator: .comma).compactMap { CSSSelector(Array($0)) }
    }

    /// The selector of `tokens`, or nil when they hold anything outside the subset.
    init?(_ tokens: [CSSToken]) {
        var compounds: [Compound] = []
        var current: Compound?
        var index = 0
        // Trailing and leading white space is no combinator.
        let tokens = Array(tokens.drop { $0 == .whitespace }.reversed().drop { $0 == .whitespace }.reversed())
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .whitespace:
                guard let compound = current else { return nil }
                compounds.append(compound)
                current = nil
            case .ident(let name):
                // A type selector comes first in its compound.
                guard current == nil else { return nil }
                current = Compound(type: name.lowercased())
            case .delim("*"):
                guard current == nil else { return nil }
                current = Compound(type: nil)
            case .delim("."):
                guard index < tokens.count, case .ident(let name) = tokens[index] else { return nil }
                index += 1
                current = current ?? Compound(type: nil)
                current!.classes.append(name)
            case .hash(let name, let isID):
                guard isID else { return nil }
                current = current ?? Compound(type: nil)
                current!.ids.append(name)
            default:
                return nil
            }
        }
        guard let last = current else { return nil }
        compounds.append(last)
        guard compounds.count <= CSSSelector.maximumCompounds else { return nil }
        self.compounds = compounds
    }

    /// Whether `node` is the selector's subject: it matches the last compound, and each
    /// compound before has a match among the ancestors, in order. The nearest matching
    /// ancestor is always the right one to take for descendant combinators alone, so one
    /// walk up the tree decides it.
    func matches(_ node: HTMLNode) -> Bool {
        guard let subject = compounds.last, subject.matches(node) else { return false }
        var remaining = compounds.count - 1
        var ancestor = node.parentElement
        while remaining > 0, let element = ancestor {
            if compounds[remaining - 1].matches(element) { remaining -= 1 }
            ancestor = element.parentElement
        }
        return remaining == 0
    }

    /// The key the cascade files the selector under: its subject's first id, else first
    /// class, else type; nil for a subject that is `*` alone.
    var key: CSSRuleKey? {
        guard let subject = compounds.last else { return nil }
        if let id = subject.ids.first { return .id(id) }
        if let name = subject.classes.first { return .class(name) }
        return subject.type.map(CSSRuleKey.type)
    }
}

/// Where the cascade files a rule, so that an element is only tested against the rules that
/// could match it.
enum CSSRuleKey: Hashable, Sendable {
    case id(String)
    case `class`(String)
    case type(String)
}

extension HTMLNode {
    /// The element this node is in; nil at the root.
    var parentElement: HTMLNode? {
        guard let parent = pointer.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return HTMLNode(pointer: parent)
    }
}
