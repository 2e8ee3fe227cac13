import CCairo
import DocumentKit
import Machinery

/// What the render worker is asked to draw.
public enum PageRenderJob: Hashable, Sendable {
    /// The whole page at low resolution (`PagePreviewScale`), with its links: what a page shows
    /// first, cheaply, until its sharp pieces arrive.
    case preview(page: Int)
    /// One piece of a page at a sharp scale.
    case piece(PagePieceKey)

    public var page: Int {
        switch self {
        case .preview(let page): return page
        case .piece(let key): return key.page
        }
    }
}

/// A job as a renderer is asked it: what to draw, and whether night pages invert its
/// lightness (`Palette.nightPages`). Pixels made for one are not the other's, so a job asked
/// again after a toggle is drawn again, while its result in the old style may still be on its way.
public struct PageRenderTicket: Hashable, Sendable {
    public var job: PageRenderJob
    public var invertsLightness: Bool

    public init(_ job: PageRenderJob, invertsLightness: Bool) {
        self.job = job
        self.invertsLightness = invertsLightness
    }
}

/// A piece of a page rendered at `scale` device px per page point: the page at that scale cut
/// into a grid (`PagePieceGrid`), so a page at 8× is never one giant buffer.
public struct PagePieceKey: Hashable, Sendable {
    public var page: Int
    public var scale: Double
    public var column: Int
    public var row: Int

    public init(page: Int, scale: Double, column: Int, row: Int) {
        self.page = page
        self.scale = scale
        self.column = column
        self.row = row
    }
}

/// The grid a page is cut into at one scale, in device px of the page at that scale.
public struct PagePieceGrid: Equatable {
    /// A piece's height in device px: 4 MB a piece at the widest; a screen at 2560×1600 meets
    /// two or three rows.
    public static let pieceHeightPixels = 1024
    /// The widest a piece gets in device px (as the renderer's tiles).
    public static let maximumPieceWidthPixels = 2048

    /// The page's size at the scale.
    public let pageWidth: Int
    public let pageHeight: Int
    public let pieceWidth: Int
    public let pieceHeight = PagePieceGrid.pieceHeightPixels

    public init(pageWidthPoints: Double, pageHeightPoints: Double, scale: Double) {
        pageWidth = max(1, Int((pageWidthPoints * scale).rounded(.up)))
        pageHeight = max(1, Int((pageHeightPoints * scale).rounded(.up)))
        let columns = (pageWidth + PagePieceGrid.maximumPieceWidthPixels - 1) / PagePieceGrid.maximumPieceWidthPixels
        pieceWidth = (pageWidth + columns - 1) / columns
    }

    public var columnCount: Int { (pageWidth + pieceWidth - 1) / pieceWidth }
    public var rowCount: Int { (pageHeight + pieceHeight - 1) / pieceHeight }

    /// The piece's rectangle, clipped to the page.
    public func rect(column: Int, row: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let x = column * pieceWidth, y = row * pieceHeight
        return (x, y, min(pieceWidth, pageWidth - x), min(pieceHeight, pageHeight - y))
    }

    /// The columns and rows that meet the device rectangle `x`…`maxX`, `y`…`maxY` of the page
    /// (empty ranges when it misses the page).
    public func pieces(x: Double, y: Double, maxX: Double, maxY: Double) -> (columns: Range<Int>, rows: Range<Int>) {
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
public enum PagePreviewScale {
    public static let widthPixels = 240.0
    public static let maximumHeightPixels = 4096.0

    public static func scale(pageWidthPoints: Double, pageHeightPoints: Double) -> Double {
        min(widthPixels / pageWidthPoints, maximumHeightPixels / pageHeightPoints)
    }
}

/// Pixels a renderer drew, in a cairo image surface destroyed with the object: drawn in this
/// process (a worker's own surface), or in memory shared with a renderer process
/// (`SharedPixels`), which the surface reads in place. Only read on the loop thread.
public final class PagePixels: @unchecked Sendable {
    public let surface: OpaquePointer
    public let width: Int
    public let height: Int
    /// Whether they were drawn as night pages (lightness inverted).
    public let invertsLightness: Bool
    /// The mapping the surface reads, unmapped after the surface is destroyed.
    private let shared: SharedPixels?

    public init(surface: OpaquePointer, width: Int, height: Int, invertsLightness: Bool = false) {
        self.surface = surface
        self.width = width
        self.height = height
        self.invertsLightness = invertsLightness
        shared = nil
    }

    /// The pixels in `shared`, which the surface reads in place.
    public init(shared: SharedPixels, invertsLightness: Bool = false) {
        self.invertsLightness = invertsLightness
        surface = cairo_image_surface_create_for_data(shared.base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                      Int32(shared.width), Int32(shared.height), Int32(shared.stride))
        width = shared.width
        height = shared.height
        self.shared = shared
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    public var byteCount: Int { width * height * 4 }
}

/// What a renderer sends back for a job.
public struct PageRenderResult: Sendable {
    public var job: PageRenderJob
    /// The page's size in page points, as the worker read it.
    public var pageSize: (width: Double, height: Double)?
    public var pixels: PagePixels?
    /// Why the page could not be rendered, when it could not.
    public var failure: String?
    /// A preview's page links.
    public var links: [PageLink] = []
    /// Whether the job was asked as night pages (`PageRenderTicket`), whatever came of it.
    public var invertsLightness = false

    public init(job: PageRenderJob, pageSize: (width: Double, height: Double)? = nil, pixels: PagePixels? = nil,
                failure: String? = nil, links: [PageLink] = []) {
        self.job = job
        self.pageSize = pageSize
        self.pixels = pixels
        self.failure = failure
        self.links = links
    }
}
