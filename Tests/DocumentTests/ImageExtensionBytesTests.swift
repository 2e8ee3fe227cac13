import DocumentKit
import XCTest

/// `FileFormat.hasImageExtension(bytes:)`, which a comic's 10,000 entry names go through at
/// open, says what `hasImageExtension(_:)` says of the same name as a String.
final class ImageExtensionBytesTests: XCTestCase {
    func testNamesByTheirBytesAreImagesExactlyWhenTheirStringsAre() {
        let names = ["page1.png", "PAGE1.PNG", "scan.JpEg", "b.jpg", "c.gif", "d.bmp", "e.tif", "f.TIFF", "g.webp", "h.avif",
                     "i.svg", "j.svgz", "chapter.png/readme", "page.pn", "page.pngx", "page.xpng", "page.", "page", ".png",
                     "deep/folder/p.webp", "notes.txt", "ComicInfo.xml", "archive.tar.gz", "page.jpeg2", "x.ppng", "é.png", "x.pñg"]
        for name in names {
            XCTAssertEqual(FileFormat.hasImageExtension(bytes: Array(name.utf8)), FileFormat.hasImageExtension(name), name)
        }
        XCTAssertTrue(FileFormat.hasImageExtension(bytes: Array("PAGE1.PNG".utf8)))
        XCTAssertFalse(FileFormat.hasImageExtension(bytes: Array("page.pngx".utf8)))
    }

    func testANulInTheSuffixIsNoImage() {
        XCTAssertFalse(FileFormat.hasImageExtension(bytes: Array("x.".utf8) + [0] + Array("png".utf8)))
        XCTAssertFalse(FileFormat.hasImageExtension(bytes: Array("x.".utf8) + [0, 0, 0, 0] + Array("png".utf8)))
    }
}
