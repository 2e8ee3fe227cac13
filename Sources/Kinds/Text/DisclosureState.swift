import DocumentKit

/// One `<details>` disclosure of a document: its number (`DisclosurePlace`) within a scope.
/// A document parsed whole numbers its disclosures once, in scope 0; one parsed a section at
/// a time numbers them afresh in each section, whose index is then the scope
/// (`TextDocument.disclosureScope(ofSection:)`).
struct DisclosureKey: Hashable, Sendable {
    var scope: Int
    var number: Int
    /// Whether the disclosure is open before anyone toggles it (`<details open>`).
    var startsOpen = false
}

/// Which disclosures a layout shows open: each starts as its `<details>` says, closed unless
/// it has `open`, as a browser shows it. A value, so a copy can go to a worker with the text
/// it filters.
struct DisclosureState: Equatable, Sendable {
    /// Whether every disclosure shows its body whatever `toggled` holds: for pages side by
    /// side, which have no reading tools to open one.
    var showsEverything = false
    /// The disclosures opened or closed since they were first shown: the others are as they
    /// start (`DisclosureKey.startsOpen`).
    private(set) var toggled: Set<DisclosureKey> = []

    init(showsEverything: Bool = false) {
        self.showsEverything = showsEverything
    }

    func isOpen(_ key: DisclosureKey) -> Bool { showsEverything || key.startsOpen != toggled.contains(key) }

    /// Whether a block at `place` in a section of disclosure scope `scope` is shown: every
    /// disclosure whose body holds it is open.
    func isShown(_ place: DisclosurePlace?, scope: Int) -> Bool {
        guard let place, !showsEverything else { return true }
        return place.enclosingBodies.allSatisfy { isOpen(place.key(ofDisclosure: $0, scope: scope)) }
    }

    /// Opens or closes `key`; false when it already was so.
    mutating func set(_ key: DisclosureKey, isOpen: Bool) -> Bool {
        guard self.isOpen(key) != isOpen else { return false }
        if toggled.remove(key) == nil { toggled.insert(key) }
        return true
    }
}

extension DisclosurePlace {
    /// The key of disclosure `number` (one of those around this place, or its own summary's)
    /// in a section of scope `scope`.
    func key(ofDisclosure number: Int, scope: Int) -> DisclosureKey {
        DisclosureKey(scope: scope, number: number, startsOpen: startsOpen(number))
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
        guard let place = block.disclosure, let number = place.summaryOf, !block.continuesPrevious else { return nil }
        return state.isOpen(place.key(ofDisclosure: number, scope: scope))
    }
}
