import DjVuFixtures
import Foundation
import XCTest

/// The documents the DjVu tests open, made once per test with djvulibre-bin's tools.
///
/// Page 1 (photographic, `c44`): a black box at (100, 100) 300×200 px of 850×1100, the words
/// "Glide reads hidden words" below it, a link to page 3 and one to a web address.
/// Page 2 (bitonal, `cjb2`, landscape 1100×850): a black band 50 px tall at y 400, titled "ii".
/// Page 3 (photographic): the word "zebra" and a box at its bottom right.
/// The outline: "Opening" → page 1, "The zebra" → page 3.
enum DjVuDocuments {
    static let linkToPage3 = DjVuFixture.Link("#3", x: 500, y: 700, width: 200, height: 60)
    static let webLink = DjVuFixture.Link("https://example.org/djvu", x: 100, y: 900, width: 200, height: 60)

    static let pages: [DjVuFixture.Page] = [
        DjVuFixture.Page(ink: [(100, 100, 300, 200)], words: [
            .init("Glide", x: 100, y: 400, width: 90, height: 30), .init("reads", x: 200, y: 400, width: 90, height: 30),
            .init("hidden", x: 300, y: 400, width: 110, height: 30), .init("words", x: 420, y: 400, width: 90, height: 30),
        ], links: [linkToPage3, webLink]),
        DjVuFixture.Page(width: 1100, height: 850, ink: [(0, 400, 1100, 50)], isBitonal: true),
        DjVuFixture.Page(ink: [(600, 800, 200, 200)], words: [.init("zebra", x: 100, y: 200, width: 120, height: 40)]),
    ]

    static let outline = [(title: "Opening", page: 1), (title: "The zebra", page: 3)]

    /// Writes the bundled document; the caller removes `path`.
    static func writeBundle() throws -> String {
        let path = NSTemporaryDirectory() + "glide-djvu-test-\(getpid())-\(UUID().uuidString).djvu"
        try DjVuFixture.write(pages, outline: outline, pageTitles: [2: "ii"], to: path)
        return path
    }
}
