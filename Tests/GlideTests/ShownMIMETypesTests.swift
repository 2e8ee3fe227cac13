import Foundation
import KindRegistry
import TestSupport
import XCTest

/// The types the file chooser's "Documents" filter offers are the desktop entry's: what Glide
/// says it opens and what it lets the reader pick stay one list.
final class ShownMIMETypesTests: XCTestCase {
    func testTheChoosersFilterIsTheDesktopEntrysMimeTypes() throws {
        let entry = try String(contentsOfFile: SourceTree.path + "/resources/dev.glide.Glide.desktop", encoding: .utf8)
        let line = try XCTUnwrap(entry.split(separator: "\n").first { $0.hasPrefix("MimeType=") })
        let listed = line.dropFirst("MimeType=".count).split(separator: ";").map(String.init)
        XCTAssertEqual(Set(KindRegistry.shownMIMETypes), Set(listed))
        XCTAssertEqual(KindRegistry.shownMIMETypes.count, Set(KindRegistry.shownMIMETypes).count, "no type twice")
    }
}
