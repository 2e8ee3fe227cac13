import DocumentKit

/// One `<details>` disclosure of a document: its number (`DisclosurePlace`) within a scope.
/// A document parsed whole numbers its disclosures once, in scope 0; one parsed a section at
/// a time numbers them afresh in each section, whose index is then the scope
/// (`TextDocument.disclosureScope(ofSection:)`).
struct DisclosureKey: Hashable, Sendable {
    var scope: Int
    var number: Int
}

/// Which disclosures a layout shows open: all start closed, as a browser shows `<details>`
/// without `open`. A value, so a copy can go to a worker with the text it filters.
struct DisclosureState: Equatable, Sendable {
    /// Whether every disclosure shows its body whatever `open` holds: for pages side by side,
    /// which have no reading tools to open one.
    var showsEverything = false
    private(set) var open: Set<DisclosureKey> = []

    init(showsEverything: Bool = false) {
        self.showsEverything = showsEverything
    }

    func isOpen(_ key: DisclosureKey) -> Bool { showsEverything || open.contains(key) }

    /// Whether a block at `place` in a section of disclosure scope `scope` is shown: every
    /// disclosure whose body holds it is open.
    func isShown(_ place: DisclosurePlace?, scope: Int) -> Bool {
        guard let place, !showsEverything else { return true }
        return place.enclosingBodies.allSatisfy { open.contains(DisclosureKey(scope: scope, number: $0)) }
    }

    /// Opens or closes `key`; false when it already was so.
    mutating func set(_ key: DisclosureKey, isOpen: Bool) -> Bool {
        isOpen ? open.insert(key).inserted : open.remove(key) != nil
    }
}

/// What one section's blocks show of the document's disclosures: a layout's state, and the
/// scope the section's disclosure numbers count in.
struct SectionDisclosures {
    let state: DisclosureState
    let scope: Int

    func isShown(_ block: Block) -> Bool { state.isShown(block.disclosure, scope: scope) }

    /// Whether the disclosure `block` is the summary of is open; nil when it is no summary,
    /// or a later piece of one (cut from a long line), which draws no triangle of its own.
    func summaryIsOpen(_ block: Block) -> Bool? {
        guard let number = block.disclosure?.summaryOf, !block.continuesPrevious else { return nil }
        return state.isOpen(DisclosureKey(scope: scope, number: number))
    }
}
