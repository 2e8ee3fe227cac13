import ArchiveKit
import DocumentKit

/// What a comic's `ComicInfo.xml` says (the Anansi project's schema, which ComicRack
/// introduced): its title, and whether it reads right to left.
struct ComicInfo: Equatable {
    var title: String?
    /// `<Manga>YesAndRightToLeft</Manga>`: a manga read from right to left. Plain `Yes` says
    /// only that it is a manga, with no direction, and leaves the pages left to right.
    var readsRightToLeft = false

    /// The entry's name, at the archive's root, in any case (tools write `comicinfo.xml` too).
    static func entryName(among names: [String]) -> String? {
        names.first { isEntryName($0.utf8) }
    }

    /// Whether the served name whose bytes are `name` is `ComicInfo.xml`, in any case. Only
    /// ASCII letters are folded: no other character lowercases to one of these.
    static func isEntryName<Bytes: Collection>(_ name: Bytes) -> Bool where Bytes.Element == UInt8 {
        name.count == entryNameBytes.count
            && zip(name, entryNameBytes).allSatisfy { $0.lowercasedASCII == $1 }
    }

    private static let entryNameBytes = Array("comicinfo.xml".utf8)

    /// The most of it read: 1 MB. The schema's fields are lines (a summary a paragraph);
    /// ComicRack writes a few KB, with a `<Pages>` list of one line per page.
    static let maximumBytes = 1 << 20

    /// The information in `bytes`; nil when they are not XML.
    init?(bytes: [UInt8]) {
        guard let root = XMLDocument(bytes: bytes)?.root, root.localName == "ComicInfo" else { return nil }
        func field(_ name: String) -> String? {
            root.firstChild(named: name).map { $0.collapsedText() }.flatMap { $0.isEmpty ? nil : $0 }
        }
        if let title = field("Title") {
            self.title = title
        } else if let series = field("Series") {
            // An issue with no title of its own is known by its series and number ("Saga #12").
            title = field("Number").map { "\(series) #\($0)" } ?? series
        }
        readsRightToLeft = field("Manga")?.lowercased() == "yesandrighttoleft"
    }

    init(title: String?, readsRightToLeft: Bool) {
        self.title = title
        self.readsRightToLeft = readsRightToLeft
    }
}
