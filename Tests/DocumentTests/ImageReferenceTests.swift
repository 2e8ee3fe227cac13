import TextKind
import XCTest

/// Which image sources a document may load, and the label of one it may not.
final class ImageReferenceTests: XCTestCase {
    func testOnlyPathsInsideTheDocumentsFolderAreLoadable() {
        for source in ["logo.svg", "data/com.github.johnfactotum.Foliate.svg", "./a/../b.png", "docs/../img.png"] {
            XCTAssertTrue(ImageReference.isLoadable(source), source)
        }
        for source in ["https://img.shields.io/badge/x.svg", "HTTP://example.com/a.png", "//cdn.example/a.png",
                       "data:image/png;base64,AAAA", "/etc/passwd", "../docs/img.png", "a/../../b.png", ""] {
            XCTAssertFalse(ImageReference.isLoadable(source), source)
        }
    }

    func testAnImageThatIsNotLoadedIsLabelledByItsAltTextOrElseItsFileName() {
        XCTAssertEqual(ImageReference.label(source: "https://img.shields.io/b.svg", alternative: "  Build\n status "),
                       "Build status")
        XCTAssertEqual(ImageReference.label(source: "https://img.shields.io/badge/Liberapay-%E2%9C%93.svg?style=flat",
                                            alternative: ""), "Liberapay-✓.svg")
    }
}
