import CCairo
import CPangoCairo
import DocumentKit
import FoundationEssentials
import Glibc
import Localization
import Machinery

/// The folder view, Glide's own where no file chooser portal answers (a bare Sway): the
/// folders and documents of one folder as a touch-first list (rows 56 px tall), the parent
/// folder first; a tap on a folder lists it, a tap on a document opens it. Listing a folder
/// runs on a worker.
public final class FolderLayout: ContentLayout {
    /// A row's height: comfortably above the 44 px touch target, as GNOME's list rows (56 px
    /// in libadwaita's boxed lists with a subtitle).
    public static let rowHeightPixels = 56.0
    /// The header naming the folder.
    public static let headerHeightPixels = 64.0
    static let measurePixels = 720.0

    public var palette: Palette { didSet { changes.record(.everything) } }
    public private(set) var directory: String
    public private(set) var rows: [FolderRow] = []
    public private(set) var isLoaded = false
    public var focusedEntry: Int? { didSet { if focusedEntry != oldValue { changes.record(.everything) } } }
    public var readingAnchor = ReadingAnchor.top
    var viewportWidth = 0.0
    var changes = ChangeLog()
    private let list: @Sendable (String) -> [FolderRow]
    private var generation = 0

    /// Lists `directory` (the reader's home folder by default); `list` reads a folder's rows.
    public init(directory: String, palette: Palette, list: @escaping @Sendable (String) -> [FolderRow] = { FolderListing.rows(of: $0) }) {
        self.directory = directory
        self.palette = palette
        self.list = list
        show(directory)
    }

    /// The reader's home folder.
    public static var homeDirectory: String {
        ProcessInfo.processInfo.environment["HOME"] ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) } ?? "/"
    }

    /// How the header names `folder`: the home folder as Files does ("Home"), a folder under it
    /// as `~/…`, as a shell does, so a deep folder's own name still fits.
    public static func shownName(of folder: String, home: String = homeDirectory) -> String {
        guard home.count > 1 else { return folder }
        // TRANSLATORS: the folder view's header over the reader's home folder (Files' name for it).
        if folder == home { return localized("Home") }
        return folder.hasPrefix(home + "/") ? "~" + folder.dropFirst(home.count) : folder
    }

    /// Lists `folder` in place of the one shown.
    public func show(_ folder: String) {
        directory = folder
        generation += 1
        let generation = self.generation, reference = LoopThreadReference(self), list = self.list
        WorkQueue.shared.submit(priority: .immediate) { _ in
            let rows = list(folder)
            MainThreadMailbox.shared.post { reference.object?.receive(rows, generation: generation) }
        }
    }

    private func receive(_ rows: [FolderRow], generation: Int) {
        guard generation == self.generation else { return }
        self.rows = rows
        isLoaded = true
        focusedEntry = nil
        changes.record(.everything)
    }

    var left: Double { max(16, ((viewportWidth - Self.measurePixels) / 2).rounded()) }
    var width: Double { min(Self.measurePixels, viewportWidth - 32) }

    public func frame(ofEntry index: Int) -> ContentRect {
        ContentRect(x: left, y: Self.headerHeightPixels + Double(index) * Self.rowHeightPixels, width: width, height: Self.rowHeightPixels)
    }

    public var contentSize: ContentSize {
        ContentSize(width: viewportWidth, height: Self.headerHeightPixels + Double(rows.count) * Self.rowHeightPixels + 24)
    }
    public var revision: Int { changes.revision }
    public func changes(since revision: Int) -> ContentChange { changes.changes(since: revision) }
    public func setViewportSize(width: Double, height: Double) {
        guard width != viewportWidth else { return }
        viewportWidth = width
        changes.record(.everything)
    }
    public var anchorOffset: ContentPoint { .zero }
    public func prepare(_ visible: ContentRect, margin: Double, drawScale: Double) -> ContentPoint { .zero }

    public func draw(_ rect: ContentRect, on cairo: OpaquePointer) {
        guard viewportWidth > 0 else { return }
        let headerFont = "Sans Bold 20px", rowFont = "Sans 16px", detailFont = "Sans 13px"
        let headerHeight = TextLine.height(font: headerFont, on: cairo)
        TextLine.draw(Self.shownName(of: directory), font: headerFont, color: palette.text, x: left,
                      y: ((Self.headerHeightPixels - headerHeight) / 2).rounded(), width: width, on: cairo)
        if isLoaded, rows.count <= 1 {
            // TRANSLATORS: the folder view of a folder with no documents Glide shows.
            CentredNotice.draw(localized("No folders or documents here"), left: left, width: width, inset: 0,
                               centreY: frame(ofEntry: rows.count).y + Self.rowHeightPixels, palette: palette, on: cairo)
        }
        let rowHeight = TextLine.height(font: rowFont, on: cairo)
        for (index, row) in rows.enumerated() where frame(ofEntry: index).intersects(rect) {
            let frame = frame(ofEntry: index)
            if index > 0 {
                cairo_rectangle(cairo, frame.x, frame.y, frame.width, 1)
                Shapes.setColor(palette.rule, on: cairo)
                cairo_fill(cairo)
            }
            let (mark, detail): (String, String) = switch row.kind {
            case .parent: ("↑", "")
            case .folder: ("▸", localized("Folder"))
            case .document(let kind): ("▤", kind)
            }
            let y = (frame.y + (frame.height - rowHeight) / 2).rounded()
            TextLine.draw(mark, font: rowFont, color: palette.secondaryText, x: frame.x + 8, y: y, width: 24, on: cairo)
            TextLine.draw(row.name, font: rowFont, color: row.kind == .parent ? palette.link : palette.text, x: frame.x + 40, y: y,
                          width: frame.width - 40 - 140, on: cairo)
            TextLine.draw(detail, font: detailFont, color: palette.secondaryText, x: frame.maxX - 132, y: y + 2, width: 124,
                          alignment: PANGO_ALIGN_RIGHT, on: cairo)
            if focusedEntry == index {
                Shapes.focusRing(around: ContentRect(x: frame.x + 4, y: frame.y + 4, width: frame.width - 8, height: frame.height - 8),
                                 palette: palette, on: cairo)
            }
        }
    }
}

extension FolderLayout: EntryChooser {
    public var entryCount: Int { rows.count }

    public func entry(at point: ContentPoint) -> Int? {
        guard point.x >= left, point.x < left + width, point.y >= Self.headerHeightPixels else { return nil }
        let index = Int(((point.y - Self.headerHeightPixels) / Self.rowHeightPixels).rounded(.down))
        return rows.indices.contains(index) ? index : nil
    }

    public func entry(from index: Int, moving direction: EntryDirection) -> Int {
        let last = max(rows.count - 1, 0)
        switch direction {
        case .up, .left: return max(index - 1, 0)
        case .down, .right: return min(index + 1, last)
        case .first: return 0
        case .last: return last
        }
    }

    public func choose(at point: ContentPoint) -> EntryChoice {
        guard let index = entry(at: point) else { return .none }
        let row = rows[index]
        switch row.kind {
        case .parent, .folder:
            show(row.path)
            return .handled
        case .document:
            return .open(path: row.path)
        }
    }

    public func offerActions(at point: ContentPoint) -> Bool { false }

    public func refresh() {
        show(directory)
    }
}

extension FolderLayout: HomeScreenContent {
    public func contentOffset(of location: BlockLocation) -> ContentPoint? { nil }
}

/// The folder view as a screen reader reads it: the folder's name, then one list item a row.
extension FolderLayout {
    public func blocks(inSection section: Int) -> [AccessibleBlock] {
        guard section == 0 else { return [] }
        let items = rows.enumerated().map { index, row in
            AccessibleBlock(role: .listItem, text: row.name, location: AccessibleBlockLocation(section: 0, block: index + 1))
        }
        return [AccessibleBlock(role: .heading(level: 1), text: directory, location: AccessibleBlockLocation(section: 0, block: 0)),
                AccessibleBlock(role: .list(isOrdered: false), text: "", children: items,
                                location: AccessibleBlockLocation(section: 0, block: rows.count + 1))]
    }
    public func frame(of location: AccessibleBlockLocation) -> ContentRect? {
        location.block >= 1 && location.block <= rows.count ? frame(ofEntry: location.block - 1) : nil
    }
    public func scrollTarget(of location: AccessibleBlockLocation) -> AccessibleScrollTarget {
        .block(BlockLocation(section: 0, block: 0, shareOfSectionBefore: 0))
    }
}
