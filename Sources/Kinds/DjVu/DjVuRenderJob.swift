import CCairo
import DocumentKit

/// What the render worker is asked to draw.
enum DjVuRenderJob: Hashable, Sendable {
    /// The whole page at low resolution (`DjVuPreviewScale`), with its links: what a page shows
    /// first, cheaply, until its sharp pieces arrive.
    case preview(page: Int)
    /// One piece of a page at a sharp scale.
    case piece(DjVuPieceKey)

    var page: Int {
        switch self {
        case .preview(let page): return page
        case .piece(let key): return key.page
        }
    }
}

/// A piece of a page rendered at `scale` device px per page point: the page at that scale cut
/// into a grid (`DjVuPieceGrid`), so a page at 8× is never one giant buffer.
struct DjVuPieceKey: Hashable, Sendable {
    var page: Int
    var scale: Double
    var column: Int
    var row: Int
}

/// The grid a page is cut into at one scale, in device px of the page at that scale.
struct DjVuPieceGrid: Equatable {
    /// A piece's height in device px: 4 MB a piece at the widest; a screen at 2560×1600 meets
    /// two or three rows.
    static let pieceHeightPixels = 1024
    /// The widest a piece gets in device px (as the renderer's tiles).
    static let maximumPieceWidthPixels = 2048

    /// The page's size at the scale.
    let pageWidth: Int
    let pageHeight: Int
    let pieceWidth: Int
    let pieceHeight = DjVuPieceGrid.pieceHeightPixels

    init(pageWidthPoints: Double, pageHeightPoints: Double, scale: Double) {
        pageWidth = max(1, Int((pageWidthPoints * scale).rounded(.up)))
        pageHeight = max(1, Int((pageHeightPoints * scale).rounded(.up)))
        let columns = (pageWidth + DjVuPieceGrid.maximumPieceWidthPixels - 1) / DjVuPieceGrid.maximumPieceWidthPixels
        pieceWidth = (pageWidth + columns - 1) / columns
    }

    var columnCount: Int { (pageWidth + pieceWidth - 1) / pieceWidth }
    var rowCount: Int { (pageHeight + pieceHeight - 1) / pieceHeight }

    /// The piece's rectangle, clipped to the page.
    func rect(column: Int, row: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let x = column * pieceWidth, y = row * pieceHeight
        return (x, y, min(pieceWidth, pageWidth - x), min(pieceHeight, pageHeight - y))
    }

    /// The columns and rows that meet the device rectangle `x`…`maxX`, `y`…`maxY` of the page
    /// (empty ranges when it misses the page).
    func pieces(x: Double, y: Double, maxX: Double, maxY: Double) -> (columns: Range<Int>, rows: Range<Int>) {
        let first = max(0, Int((x / Double(pieceWidth)).rounded(.down)))
        let last = min(columnCount, Int((maxX / Double(pieceWidth)).rounded(.up)))
        let top = max(0, Int((y / Double(pieceHeight)).rounded(.down)))
        let bottom = min(rowCount, Int((maxY / Double(pieceHeight)).rounded(.up)))
        return (first..<max(first, last), top..<max(top, bottom))
    }
}

/// The scale of a page's low-resolution preview: 240 px wide (a quarter of a page on a
/// laptop screen, 225 KB for a Letter page), and no taller than 4096 px for a page 200
/// inches tall.
enum DjVuPreviewScale {
    static let widthPixels = 240.0
    static let maximumHeightPixels = 4096.0

    static func scale(pageWidthPoints: Double, pageHeightPoints: Double) -> Double {
        min(widthPixels / pageWidthPoints, maximumHeightPixels / pageHeightPoints)
    }
}

/// Pixels the worker rendered, in a cairo image surface destroyed with the object. Made on
/// the worker, then only read on the loop thread.
final class DjVuPixels: @unchecked Sendable {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    init(surface: OpaquePointer, width: Int, height: Int) {
        self.surface = surface
        self.width = width
        self.height = height
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    var byteCount: Int { width * height * 4 }
}

/// What the worker sends back for a job.
struct DjVuRenderResult: Sendable {
    var job: DjVuRenderJob
    /// The page's size in page points, as the worker read it.
    var pageSize: (width: Double, height: Double)?
    var pixels: DjVuPixels?
    /// Why the page could not be rendered, when it could not.
    var failure: String?
    /// A preview's page links.
    var links: [DjVuLink] = []
}
