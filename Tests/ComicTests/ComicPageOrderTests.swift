import ArchiveFixtures
import DocumentKit
import ImageKind
import KindRegistry
import Machinery
import XCTest

/// Which entries of an archive are pages, in what order, and what ComicInfo.xml says.
final class ComicPageOrderTests: XCTestCase {
    private let pixel = TestImages.redPNG(width: 2, height: 3)

    func testPagesComeInNaturalOrderWhateverTheirCaseAndNestedFoldersAreFlattenedInOrder() throws {
        // Written in an order that is none of the expected one, names in mixed case.
        let names = ["ch10/p1.png", "Page10.png", "ch2/p10.png", "page2.PNG", "ch2/P2.png", "cover.jpg", "page1.png",
                     "ch2/p1.png", "ch2/extra/z.png"]
        let comic = try openComic(names.map { ArchiveEntry($0, bytes: pixel) })
        XCTAssertEqual(comic.imagePaths, ["cover.jpg", "page1.png", "page2.PNG", "Page10.png",
                                          "ch2/p1.png", "ch2/P2.png", "ch2/p10.png", "ch2/extra/z.png", "ch10/p1.png"])
        XCTAssertEqual(comic.path, comic.archivePath, "the archive is the document's file")
        XCTAssertFalse(comic.joinsStrips)
    }

    func testEntriesThatAreNotImagesAreIgnored() throws {
        let comic = try openComic([
            ArchiveEntry("ComicInfo.xml", "<ComicInfo/>"), ArchiveEntry("readme.txt", "scanned by"), ArchiveEntry("folder/", ""),
            ArchiveEntry("1.png", bytes: pixel), ArchiveEntry("thumbs.db", "x"), ArchiveEntry("__MACOSX/._1.png", "fork"),
            ArchiveEntry("._2.png", "fork"), ArchiveEntry("2.png", bytes: pixel),
            // Names that climb out or are absolute are never served.
            ArchiveEntry("../3.png", bytes: pixel), ArchiveEntry("/4.png", bytes: pixel),
        ])
        XCTAssertEqual(comic.imagePaths, ["1.png", "2.png"])
    }

    func testAnArchiveOfNoImageIsRefusedInOneLine() throws {
        for (format, suffix) in [(ArchiveFormat.zip, ".zip"), (.tar, ".tar"), (.sevenZip, ".7z")] {
            let path = temporaryComicPath(suffix)
            try ArchiveWriter.write([ArchiveEntry("a.txt", "hello"), ArchiveEntry("b.md", "# b")], to: path, format: format)
            XCTAssertThrowsError(try KindRegistry.open(path), suffix) { error in
                XCTAssertEqual(error as? DocumentError, .noImages(directory: path), suffix)
                XCTAssertFalse("\(error)".contains("\n"))
            }
        }
    }

    func testComicInfoGivesTheTitleAndTheMangaReadingDirection() throws {
        let info = """
            <?xml version="1.0"?>
            <ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <Title>  The   Long Way </Title><Series>Saga</Series><Number>3</Number>
              <Manga>YesAndRightToLeft</Manga>
            </ComicInfo>
            """
        let manga = try openComic([ArchiveEntry("ComicInfo.xml", info), ArchiveEntry("1.png", bytes: pixel)])
        XCTAssertEqual(manga.title, "The Long Way")
        XCTAssertTrue(manga.readsRightToLeft)

        let series = try openComic([ArchiveEntry("comicinfo.xml", "<ComicInfo><Series>Saga</Series><Number>12</Number><Manga>Yes</Manga></ComicInfo>"),
                                    ArchiveEntry("1.png", bytes: pixel)], suffix: ".zip")
        XCTAssertEqual(series.title, "Saga #12", "no title: the series and number")
        XCTAssertFalse(series.readsRightToLeft, "a manga with no direction reads left to right")

        let none = try openComic([ArchiveEntry("ComicInfo.xml", "not xml <<"), ArchiveEntry("1.png", bytes: pixel)])
        XCTAssertFalse(none.readsRightToLeft)
        XCTAssertEqual(none.title, FilePath.name(of: none.archivePath!), "without ComicInfo: the file's name")
    }

    func testComicInfoIsReadFromATarAndA7zToo() throws {
        let info = "<ComicInfo><Title>Streamed</Title><Manga>YesAndRightToLeft</Manga></ComicInfo>"
        for (format, suffix) in [(ArchiveFormat.tar, ".cbt"), (.sevenZip, ".cb7")] {
            let comic = try openComic([ArchiveEntry("2.png", bytes: pixel), ArchiveEntry("1.png", bytes: pixel),
                                       ArchiveEntry("ComicInfo.xml", info)], format: format, suffix: suffix)
            XCTAssertEqual(comic.title, "Streamed", suffix)
            XCTAssertTrue(comic.readsRightToLeft, suffix)
            XCTAssertEqual(comic.imagePaths, ["1.png", "2.png"], suffix)
        }
    }
}
