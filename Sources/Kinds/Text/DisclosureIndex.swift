import DocumentKit

/// Where the disclosures of a document parsed whole lie: the sections each one's summary and
/// body span, so toggling one estimates and lays out again only those; and the bytes each
/// section holds inside bodies, so a closed body's height is left out of the estimates before
/// its section is laid out (a README whose changelog sits in one long `<details>` would
/// otherwise scroll through screens of blank estimate).
struct DisclosureIndex: Sendable {
    /// Source bytes (`TextSections.sourceBytes(of:)`) of a section's blocks inside the bodies
    /// `bodies`, outermost first.
    struct BodyBytes: Sendable {
        var bodies: [Int]
        /// Those of `bodies` open until toggled.
        var startsOpen: [Int]
        var bytes: Int
    }

    /// For each disclosure number, the sections its summary and body blocks lie in.
    private(set) var sections: [Int: ClosedRange<Int>] = [:]
    /// For each section with blocks inside bodies, their bytes by the bodies around them.
    private(set) var bodyBytes: [Int: [BodyBytes]] = [:]

    static let empty = DisclosureIndex()

    private init() {}

    /// The index of `groups`, a document's blocks grouped into sections.
    init(groups: [[Block]]) {
        for (section, blocks) in groups.enumerated() {
            for block in blocks {
                guard let place = block.disclosure else { continue }
                for number in place.enclosingBodies + (place.summaryOf.map { [$0] } ?? []) {
                    let range = sections[number]
                    sections[number] = min(range?.lowerBound ?? section, section)...max(range?.upperBound ?? section, section)
                }
                guard !place.enclosingBodies.isEmpty else { continue }
                let bytes = TextSections.sourceBytes(of: block)
                if let index = bodyBytes[section]?.firstIndex(where: { $0.bodies == place.enclosingBodies }) {
                    bodyBytes[section]![index].bytes += bytes
                } else {
                    bodyBytes[section, default: []].append(BodyBytes(bodies: place.enclosingBodies,
                                                                      startsOpen: place.bodiesOpenAtStart, bytes: bytes))
                }
            }
        }
    }

    /// The bytes of `section` that `state` hides (scope 0: the document was parsed whole).
    func hiddenBytes(ofSection section: Int, state: DisclosureState) -> Int {
        guard let entries = bodyBytes[section] else { return 0 }
        return entries.reduce(0) { total, entry in
            total + (state.isShown(DisclosurePlace(enclosingBodies: entry.bodies, startsOpen: entry.startsOpen), scope: 0) ? 0 : entry.bytes)
        }
    }
}
