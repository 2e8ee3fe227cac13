import CCairo
@testable import DocumentKit
import Glibc
import KindRegistry
import Machinery
import PDFFixtures
@testable import PDFKind
import PageKit
import TestSupport
import XCTest

/// Runs the loop thread's deliveries until `condition` holds or 20 s pass (a loaded machine).
func deliverUntil(_ condition: () -> Bool) -> Bool {
    for _ in 0..<10_000 {
        MainThreadMailbox.shared.deliverPending()
        if condition() { return true }
        usleep(2000)
    }
    return condition()
}

/// Draws `layout`'s `rect` at `scale` device px per logical px into a new image surface, as a
/// renderer's tile does.
func drawTile(_ layout: PDFLayout, _ rect: ContentRect, scale: Double) -> OpaquePointer {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(rect.width * scale), Int32(rect.height * scale))!
    let cairo = cairo_create(surface)!
    cairo_set_source_rgb(cairo, 1, 1, 1)
    cairo_paint(cairo)
    cairo_scale(cairo, scale, scale)
    cairo_translate(cairo, -rect.x, -rect.y)
    layout.draw(rect, on: cairo)
    cairo_destroy(cairo)
    cairo_surface_flush(surface)
    return surface
}

/// Opening PDFs, their lazy layout, outline and links, and every way a PDF can be bad.
final class PDFDocumentTests: XCTestCase {
    /// `GLIDE_RENDERERS` is read for each document: read once per process, it was the first
    /// document's, and `glide-bench pages` flung its "1 renderer" with two.
    func testEachDocumentHasAsManyRenderersAsGLIDE_RENDERERSSaysWhenItOpens() throws {
        let path = PDFFixture(pageCount: 4).write()
        defer { unsetenv("GLIDE_RENDERERS") }
        for count in [2, 1] {
            setenv("GLIDE_RENDERERS", String(count), 1)
            let layout = PDFLayout(file: try PDFFile(path: path))
            layout.setViewportSize(width: 800, height: 600)
            let visible = ContentRect(x: 0, y: 0, width: 800, height: 600)
            MainThreadMailbox.shared.deliver(while: {
                _ = layout.prepare(visible, margin: 600, drawScale: 1)
                return !layout.isSharp || layout.rendererProcessIDs.count < count
            }, timeoutSeconds: 20)
            XCTAssertTrue(layout.isSharp, "\(count)")
            XCTAssertEqual(layout.rendererProcessIDs.count, count)
        }
    }

    func testAPDFIsRecognisedByItsBytesWhateverItsName() throws {
        let path = PDFFixture(pageCount: 3).write()
        let renamed = path + ".txt"
        XCTAssertEqual(rename(path, renamed), 0)
        let document = try opened(renamed, as: PDFDocument.self)
        try document.waitUntilOpened()
        XCTAssertEqual(document.file.pageCount, 3)
        XCTAssertTrue(document.makeLayout(palette: .light) is PDFLayout)
    }

    func testPagesStackWithAGapFitTheWidthAndAreCentred() throws {
        let layout = PDFLayout(file: try PDFFile(path: PDFFixture(pageCount: 3).write()))
        layout.setViewportSize(width: 800, height: 600)
        let first = layout.pageRect(0), second = layout.pageRect(1)
        XCTAssertEqual(first.width, 800 - 2 * PageFrames.sideMarginPixels)
        XCTAssertEqual(first.height, (first.width * 792 / 612).rounded())
        XCTAssertEqual(first.x, 16)
        XCTAssertEqual(second.y, first.maxY + PageFrames.pageGapPixels)
        // A wide window does not make pages wider than the cap: they are centred instead.
        layout.setViewportSize(width: 3000, height: 1000)
        XCTAssertEqual(layout.pageRect(0).width, PageFrames.maximumPageWidthPixels)
        XCTAssertEqual(layout.pageRect(0).x, 900)
        XCTAssertEqual(layout.contentSize.height, layout.pageRect(2).maxY + PageFrames.pageGapPixels)
    }

    func testPageSizesAreReadOnlyNearTheViewport() throws {
        var fixture = PDFFixture(pageCount: 2000)
        fixture.linesPerPage = 2
        fixture.hasOutline = false
        let layout = PDFLayout(file: try PDFFile(path: fixture.write()))
        layout.setViewportSize(width: 800, height: 600)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: 800, height: 600), margin: 300)
        let measured = (0..<2000).filter(layout.isMeasured).count
        XCTAssertGreaterThan(measured, 0)
        XCTAssertLessThanOrEqual(measured, 3)
    }

    func testAPageOfAnotherSizeIsCorrectedWithoutMovingWhatIsOnScreen() throws {
        var fixture = PDFFixture(pageCount: 40)
        fixture.tallPages = [5]
        let layout = PDFLayout(file: try PDFFile(path: fixture.write()))
        layout.setViewportSize(width: 800, height: 600)
        // Start at page 20 (sizes of 0…19 unread, the tall page estimated as a Letter page).
        layout.readingAnchor = ReadingAnchor(section: 20, block: 0, fraction: 0.25)
        let start = layout.anchorOffset
        XCTAssertEqual(layout.prepare(ContentRect(x: 0, y: start.y, width: 800, height: 600), margin: 300), .zero)
        // Scrolling up to the tall page reads its size: everything after it moves down, and the
        // correction says by how much so the view stays on the same content.
        let above = layout.pageRect(6)
        let correction = layout.prepare(ContentRect(x: 0, y: above.y - 100, width: 800, height: 600), margin: 300)
        XCTAssertGreaterThan(correction.y, 10_000)
        XCTAssertEqual(layout.pageRect(6).y - correction.y, above.y)
        XCTAssertEqual(layout.pageRect(5).height, (layout.columnWidth * 14_400 / 612).rounded())
    }

    func testTheReadingPositionIsAPageAndAnOffsetWithinIt() throws {
        let layout = PDFLayout(file: try PDFFile(path: PDFFixture(pageCount: 10).write()))
        layout.setViewportSize(width: 800, height: 600)
        let page = layout.pageRect(4)
        _ = layout.prepare(ContentRect(x: 0, y: page.y + page.height / 2, width: 800, height: 600), margin: 0)
        XCTAssertEqual(layout.readingAnchor.section, 4)
        XCTAssertEqual(layout.readingAnchor.fraction, 0.5, accuracy: 0.001)
        // The same place in a narrower window: the same page, the same share of it.
        let saved = layout.readingAnchor
        let reopened = PDFLayout(file: try PDFFile(path: PDFFixture(pageCount: 10).write()))
        reopened.readingAnchor = saved
        reopened.setViewportSize(width: 500, height: 600)
        let rect = reopened.pageRect(4)
        XCTAssertEqual(reopened.anchorOffset.y, rect.y + rect.height / 2, accuracy: 0.5)
    }

    func testTheOutlineIsTheBookmarksOrElseThePages() throws {
        let fixture = PDFFixture(pageCount: 30)
        let layout = PDFLayout(file: try PDFFile(path: fixture.write()))
        var outline: PDFOutline?
        layout.loadOutline { outline = $0 }
        XCTAssertTrue(deliverUntil { outline != nil })
        XCTAssertEqual(outline?.isBookmarks, true)
        XCTAssertEqual(outline?.entries.map(\.title), ["Chapter 1", "Chapter 2", "Chapter 3"])
        XCTAssertEqual(outline?.entries.map(\.destination.page), [0, 10, 20])

        var plain = PDFFixture(pageCount: 4)
        plain.hasOutline = false
        let pages = PDFLayout(file: try PDFFile(path: plain.write()))
        var list: PDFOutline?
        pages.loadOutline { list = $0 }
        XCTAssertTrue(deliverUntil { list != nil })
        XCTAssertEqual(list?.isBookmarks, false)
        XCTAssertEqual(list?.entries.map(\.title), ["Page 1", "Page 2", "Page 3", "Page 4"])
    }

    func testALinkLeadsToItsDestinationAndIsAtLeastAFingerWide() throws {
        let fixture = PDFFixture(pageCount: 30)
        let layout = PDFLayout(file: try PDFFile(path: fixture.write()))
        layout.setViewportSize(width: 612 + 32, height: 800)
        _ = layout.prepare(ContentRect(x: 0, y: 0, width: 644, height: 800), margin: 0)
        XCTAssertTrue(deliverUntil { layout.links[0] != nil })
        let page = layout.pageRect(0)
        // One logical px per point: the page is 612 px wide.
        let entry = fixture.tableOfContentsEntry(1)
        let onText = ContentPoint(x: page.x + entry.x + 20, y: page.y + entry.y - 5)
        guard case .destination(let destination)? = layout.link(at: onText, zoom: 1) else {
            return XCTFail("no link on the table of contents entry; links: \(layout.links[0] ?? [])")
        }
        XCTAssertEqual(destination.page, 10)
        // 14 pt text: a finger 12 px below the line still hits it, 60 px to the right of the
        // page's text does not.
        XCTAssertNotNil(layout.link(at: ContentPoint(x: onText.x, y: page.y + entry.y + 12), zoom: 1))
        XCTAssertNil(layout.link(at: ContentPoint(x: page.x + 600, y: page.y + 40), zoom: 1))
        let target = layout.offset(of: destination)
        XCTAssertEqual(target.y, layout.pageRect(10).y - PageFrames.pageGapPixels, accuracy: 1)
    }

    func testPixelsArriveFromTheWorkerPreviewFirstThenSharp() throws {
        let layout = PDFLayout(file: try PDFFile(path: PDFFixture(pageCount: 5).write()))
        layout.setViewportSize(width: 800, height: 600)
        let visible = ContentRect(x: 0, y: 0, width: 800, height: 600)
        _ = layout.prepare(visible, margin: 0, drawScale: 2)
        // The first draw shows placeholders: no poppler on the frame path.
        let first = drawTile(layout, visible, scale: 2)
        let centre = pixel(first, x: 800, y: 600)
        cairo_surface_destroy(first)
        XCTAssertNotEqual(centre & 0xffffff, 0xffffff, "a page with no pixels yet must not be blank white")
        XCTAssertTrue(deliverUntil {
            _ = layout.prepare(visible, margin: 0, drawScale: 2)
            return layout.isSharp
        })
        XCTAssertTrue(layout.previews.contains(.preview(page: 0)))
        let sharp = drawTile(layout, visible, scale: 2)
        defer { cairo_surface_destroy(sharp) }
        XCTAssertGreaterThan(inkCount(sharp), 1000)
        // Pieces are at 2 device px per logical px: never larger than a piece's cap.
        XCTAssertGreaterThan(layout.pieces.count, 0)
    }

    func testAtEightTimesZoomAPageIsCutIntoBoundedPieces() throws {
        var fixture = PDFFixture(pageCount: 2)
        fixture.tallPages = [0]
        let layout = PDFLayout(file: try PDFFile(path: fixture.write()))
        layout.setViewportSize(width: 1280, height: 800)
        let visible = ContentRect(x: 300, y: 5000, width: 160, height: 100)
        _ = layout.prepare(visible, margin: 0, drawScale: 8)
        let tile = drawTile(layout, visible, scale: 8)
        cairo_surface_destroy(tile)
        XCTAssertTrue(deliverUntil {
            _ = layout.prepare(visible, margin: 0, drawScale: 8)
            return layout.isSharp
        })
        XCTAssertLessThanOrEqual(layout.pieces.byteCount, 8 * PagePieceGrid.maximumPieceWidthPixels * PagePieceGrid.pieceHeightPixels * 4)
        XCTAssertLessThanOrEqual(layout.pieces.byteCount, layout.pieces.capacityBytes)
    }

    func testAScreenNeedingMorePiecesThanTheCapHoldsStillComesSharp() throws {
        let layout = PDFLayout(file: try PDFFile(path: PDFFixture(pageCount: 3).write()))
        layout.setViewportSize(width: 1280, height: 800)
        // Zoom 4 on a scale-2 output: 2560×1600 device px straddling piece boundaries, up to
        // nine pieces of 8 MB, more than the 48 MB cap.
        let visible = ContentRect(x: 500, y: 770, width: 320, height: 200)
        _ = layout.prepare(visible, margin: 0, drawScale: 8)
        cairo_surface_destroy(drawTile(layout, visible, scale: 8))
        XCTAssertTrue(deliverUntil {
            _ = layout.prepare(visible, margin: 0, drawScale: 8)
            return layout.isSharp
        }, "every visible piece arrives and stays")
        XCTAssertGreaterThan(layout.pieces.byteCount, layout.pieces.capacityBytes, "the view's pieces are kept over the cap")
    }

    func testAnEncryptedPDFIsAOneLineErrorNamingTheReason() throws {
        let path = DamagedPDF.encrypted(PDFFixture(pageCount: 2).write())
        XCTAssertThrowsError(try KindRegistry.open(path)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("encrypted"), message)
            XCTAssertTrue(message.contains("password"), message)
            XCTAssertFalse(message.contains("\n"))
        }
    }

    func testACorruptPDFIsAOneLineError() {
        XCTAssertThrowsError(try KindRegistry.open(DamagedPDF.corrupt())) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot open PDF"), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }

    func testATruncatedPDFOpensWhatIsLeftOrSaysWhy() throws {
        let path = DamagedPDF.truncated(PDFFixture(pageCount: 20).write(), keeping: 0.5)
        do {
            let layout = PDFLayout(file: try PDFFile(path: path))
            layout.setViewportSize(width: 800, height: 600)
            for page in 0..<layout.pageCount {
                let rect = layout.pageRect(page)
                _ = layout.prepare(ContentRect(x: 0, y: rect.y, width: 800, height: 600), margin: 0, drawScale: 1)
                cairo_surface_destroy(drawTile(layout, ContentRect(x: 0, y: rect.y, width: 800, height: 600), scale: 1))
            }
            XCTAssertTrue(deliverUntil {
                _ = layout.prepare(ContentRect(x: 0, y: layout.pageRect(layout.pageCount - 1).y, width: 800, height: 600),
                                   margin: 0)
                return layout.isSharp || layout.failures[layout.pageCount - 1] != nil
            })
        } catch {
            XCTAssertTrue("\(error)".hasPrefix("cannot open PDF"), "\(error)")
        }
    }

    func testAPageThatCannotBeReadShowsANoticeAndTheRestWorks() throws {
        let path = DamagedPDF.withMissingLastPage(PDFFixture(pageCount: 3).write())
        let layout = PDFLayout(file: try PDFFile(path: path))
        layout.setViewportSize(width: 800, height: 600)
        let broken = layout.pageRect(2)
        let visible = ContentRect(x: 0, y: broken.y - 300, width: 800, height: 600)
        _ = layout.prepare(visible, margin: 0, drawScale: 1)
        XCTAssertNotNil(layout.failures[2])
        XCTAssertTrue(deliverUntil {
            _ = layout.prepare(visible, margin: 0, drawScale: 1)
            cairo_surface_destroy(drawTile(layout, visible, scale: 1))
            return layout.isSharp
        })
        XCTAssertNil(layout.failures[1])
        XCTAssertTrue(layout.previews.contains(.preview(page: 1)))
    }

    func testTenThousandPagesShowAPlaceholderAtOnceThenThePositionAskedFor() throws {
        var fixture = PDFFixture(pageCount: 10_000)
        fixture.linesPerPage = 0
        fixture.hasOutline = false
        fixture.hasLinks = false
        let layout = PDFLayout(file: try PDFFile(openingInBackground: fixture.write()))
        layout.setViewportSize(width: 800, height: 600)
        // poppler reads 10,000 pages' cross-reference table in tens of ms; nothing waits.
        XCTAssertFalse(layout.isOpen)
        XCTAssertEqual(layout.pageCount, 1)
        layout.readingAnchor = ReadingAnchor(section: 9_999, block: 0, fraction: 0.25)
        XCTAssertEqual(layout.readingAnchor.section, 9_999, "the position asked for is kept, not clamped to one page")
        let top = ContentRect(x: 0, y: 0, width: 800, height: 600)
        XCTAssertEqual(layout.prepare(top, margin: 300), .zero)
        let placeholder = drawTile(layout, top, scale: 1)
        XCTAssertNotEqual(pixel(placeholder, x: 400, y: 300) & 0xffffff, 0xffffff, "the first frame shows a placeholder page")
        cairo_surface_destroy(placeholder)
        XCTAssertFalse(layout.isSharp)

        XCTAssertTrue(deliverUntil { layout.isOpen })
        XCTAssertEqual(layout.pageCount, 10_000)
        XCTAssertNil(layout.openFailure)
        let correction = layout.prepare(top, margin: 300)
        let last = layout.pageRect(9_999)
        XCTAssertEqual(correction.y, last.y + 0.25 * last.height, accuracy: 0.5, "the view moves to the position asked for")
        XCTAssertEqual(layout.prepare(ContentRect(x: 0, y: correction.y, width: 800, height: 600), margin: 300), .zero)
        XCTAssertEqual(layout.readingAnchor.section, 9_999)
        XCTAssertTrue(deliverUntil {
            _ = layout.prepare(ContentRect(x: 0, y: correction.y, width: 800, height: 600), margin: 300)
            return layout.previews.contains(.preview(page: 9_999))
        })
    }

    func testARefusalTheBytesDoNotForetellArrivesAfterTheFirstFrame() throws {
        var fixture = PDFFixture(pageCount: 2)
        fixture.hasOutline = false
        // No document catalog: poppler refuses the file, yet its ends look sound.
        let path = DamagedPDF.replacing("/Root ", with: "/Roox ", in: fixture.write())
        let file = try PDFFile(openingInBackground: path)
        let layout = PDFLayout(file: file)
        XCTAssertTrue(deliverUntil { layout.openFailure != nil })
        XCTAssertEqual(layout.openFailure?.description, "cannot open PDF '\(path)': it is damaged")
        XCTAssertFalse(layout.isOpen)
        XCTAssertThrowsError(try file.waitUntilOpened())
    }

    func testTheBytesForetellTheUsualRefusalsSoTheyComeBeforeAnyWindow() throws {
        func hint(_ path: String) -> Bool {
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            var status = stat()
            fstat(fd, &status)
            return PDFOpeningHint.mayBeRefused(fd: fd, size: Int(status.st_size))
        }
        let sound = PDFFixture(pageCount: 3).write()
        XCTAssertFalse(hint(sound))
        XCTAssertTrue(hint(DamagedPDF.encrypted(sound)))
        XCTAssertTrue(hint(DamagedPDF.truncated(sound, keeping: 0.5)))
        XCTAssertTrue(hint(DamagedPDF.corrupt()))
        // Refused before `init` returns, not later.
        XCTAssertThrowsError(try PDFFile(openingInBackground: DamagedPDF.encrypted(sound)))
    }

    func testAPageOfAHundredThousandPathsNeverHoldsUpADraw() throws {
        var fixture = PDFFixture(pageCount: 2)
        fixture.pathHeavyPages = [0]
        let layout = PDFLayout(file: try PDFFile(path: fixture.write()))
        layout.setViewportSize(width: 800, height: 600)
        let visible = ContentRect(x: 0, y: 0, width: 800, height: 600)
        _ = layout.prepare(visible, margin: 0, drawScale: 1)
        // The worker is busy with the page; drawing paints the placeholder meanwhile.
        let tile = drawTile(layout, visible, scale: 1)
        XCTAssertNotEqual(pixel(tile, x: 400, y: 300) & 0xffffff, 0xffffff)
        cairo_surface_destroy(tile)
        XCTAssertTrue(deliverUntil {
            _ = layout.prepare(visible, margin: 0, drawScale: 1)
            return layout.previews.contains(.preview(page: 0))
        })
    }
}

func pixel(_ surface: OpaquePointer, x: Int, y: Int) -> UInt32 {
    let stride = Int(cairo_image_surface_get_stride(surface))
    return UnsafeRawPointer(cairo_image_surface_get_data(surface)!).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
}

/// A cairo image surface read for its ink.
struct SurfacePixels: InkCounting {
    let surface: OpaquePointer
    var width: Int { Int(cairo_image_surface_get_width(surface)) }
    var height: Int { Int(cairo_image_surface_get_height(surface)) }
    func isInk(x: Int, y: Int) -> Bool { isDarkPixel(pixel(surface, x: x, y: y)) }
}

/// How many dark pixels (ink) the surface has.
func inkCount(_ surface: OpaquePointer) -> Int { SurfacePixels(surface: surface).inkCount() }
