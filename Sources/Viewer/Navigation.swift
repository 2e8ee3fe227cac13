import DocumentKit
import Machinery
import Render
import ScrollEngine

/// Where the document is and which document it is: moving it from outside the seat (a screen
/// reader's caret and focus, a followed link, the outline's and the page control's actions),
/// the history of places jumped from (within the document and across the documents links
/// opened) with the way back and forward, the path and title of the document shown, and files
/// read again. Each move scrolls with the engine's animation from `timeMilliseconds`
/// (such requests carry no event time, so the app gives the compositor's clock now) and marks
/// a frame; none draws.
public final class Navigation: ViewerPart {
    unowned let state: ViewerState
    /// The file the document pane shows, whose reading position is remembered (nil for
    /// several files at once); a link to another document changes it.
    public var documentPath: String?
    /// What the document in the pane is called, for the window title; a link to another
    /// document changes it, and coming back restores it.
    public var documentTitle: String?
    /// Called before a link replaces the document (and before coming back), so the app can
    /// save the reading position of the one being left.
    public var onWillLeaveDocument: (() -> Void)?
    /// Opens the document a link leads to off the loop and hands it, or why it cannot be
    /// opened, back on the loop (`KindRegistry.openLinkedText`); cancelling its ticket gives
    /// the open up. Nil when links to other documents are not followed.
    public var documentOpener: ((String, _ deliver: @escaping (Result<any LoadedDocument, DocumentError>) -> Void) -> WorkTicket)?
    /// Opens a document the home or the folder view leads to off the loop, and hands it with
    /// its saved position, or why it cannot be opened, back on the loop (see
    /// `Navigation+Entries`). Nil where they open nothing.
    public var entryOpener: ((String, _ deliver: @escaping (Result<OpenedEntry, DocumentError>) -> Void) -> WorkTicket)?
    /// Makes the home, where going back ends up when the history has nothing left; nil for none.
    public var homeMaker: (() -> any DocumentContent)?
    /// The places jumps left, in this document and in those links left, and the way forward
    /// (Navigation+History.swift).
    var history = NavigationHistory()
    /// Where going back leads once the history has no place left (the home a document was
    /// opened from): returns whether it went somewhere. Nil: nowhere.
    public var onBackPastStart: (() -> Bool)?
    /// Called once a document the history kept from an earlier run is shown again, opened
    /// off the loop (the reading tools forget the one it replaced).
    var onReopenedDocumentShown: (() -> Void)?
    /// The document a followed link is opening (see `openLinkedDocument`): its path, which
    /// opening it is, and what to do once it is shown. The document shown stays until it comes.
    var pendingLink: (path: String, generation: Int, ticket: WorkTicket?, onShown: (any ReadableLayout) -> Void)?
    /// How many link opens were started: a delivery from one that was given up is dropped.
    var linkGeneration = 0
    /// Where a navigation call is scrolling the document to, and the offset last aimed at:
    /// content laid out on the way moves it, so the scroll follows it until it rests.
    var navigationTarget: NavigationTarget?
    /// The jump whose place is still being found off the loop (a link's anchor in a chapter
    /// not read yet), by its number: the reader's own scroll, touch or key gives it up
    /// (`forgetNavigationTarget`), and its place is then dropped when it comes.
    var pendingJump: Int?
    /// How many jumps waited for their place, numbering them.
    private var pendingJumpCount = 0
    /// Whether the document was shown at its end when its file was last read again. A log
    /// emptied in place (logrotate's `copytruncate`) has nothing to scroll, so where it is
    /// says nothing; this says it still follows its end when it grows again.
    private var followsEnd = false

    init(state: ViewerState) {
        self.state = state
    }

    /// Scrolls the document, animated, so the block at `location` is at the top of its pane
    /// (in a paged view, its page is shown). The scroll follows the block while the content
    /// on the way is laid out and moves it.
    public func scrollDocument(to location: BlockLocation, timeMilliseconds: Double) {
        advanceClock(to: timeMilliseconds)
        let pane = documentPane
        // Setting the anchor lays the block's section out, so where it is starts out exact.
        pane.layout.readingAnchor = ReadingAnchor(section: location.section, block: location.block, fraction: 0)
        let anchor = pane.layout.anchorOffset, zoom = scene[pane.view].zoomScale
        let offset = LogicalPoint(x: anchor.x * zoom, y: anchor.y * zoom)
        scene[pane.view].scroll(to: offset, animated: true, timeMilliseconds: self.timeMilliseconds)
        navigationTarget = NavigationTarget(destination: .block(location), offset: scene[pane.view].clamped(offset),
                                            isPending: false)
        needsFrame = true
    }

    /// Aims the running navigation scroll at where its target is now, once the content was
    /// laid out for this frame; forgets it once the scroll arrives or a gesture takes over.
    func followNavigationTarget() {
        guard let target = navigationTarget, !target.isPending else { return }
        let view = scene[documentPane.view]
        guard let offset = contentOffset(of: target.destination).map({ view.clamped($0) }) else {
            navigationTarget = nil
            return
        }
        switch view.frame.phase {
        case .animating:
            guard !offset.isNear(target.offset) else { return }
        case .idle:
            // Content that shrank under the scroll stops it at the new end, short of its target
            // (a gesture that took over forgot the target already): it goes on.
            guard !offset.isNear(view.contentOffset) else {
                // A row whose place is still being found waits there, at its chapter's start.
                if !isBeingFound(target.destination) { navigationTarget = nil }
                return
            }
        default:
            navigationTarget = nil
            return
        }
        scene[documentPane.view].scroll(to: offset, animated: true, timeMilliseconds: timeMilliseconds)
        navigationTarget?.offset = offset
    }

    /// The reader scrolls or zooms (a finger, the touchpad, the wheel, a key): the scroll a
    /// navigation call started is theirs now.
    func forgetNavigationTarget() {
        navigationTarget = nil
        pendingJump = nil
    }

    /// Starts a jump whose place is found off the loop, in place of any other still waiting:
    /// its number, for `takePendingJump`.
    func startPendingJump() -> Int {
        pendingJumpCount += 1
        pendingJump = pendingJumpCount
        return pendingJumpCount
    }

    /// Whether jump `jump` still waits for its place (nothing gave it up), which it now has.
    func takePendingJump(_ jump: Int) -> Bool {
        guard pendingJump == jump else { return false }
        pendingJump = nil
        return true
    }

    /// The layout corrected estimates above the viewport, and the engine moved its offset and
    /// a running scroll's end by `shift` to keep the content in view: the end aimed at moved
    /// with them, so a target above the corrected content (going back up) is aimed at again.
    func contentShifted(by shift: LogicalPoint) {
        navigationTarget?.offset.x += shift.x
        navigationTarget?.offset.y += shift.y
    }

    /// The document's offset that shows `destination` at the top, as the content is laid out now.
    func contentOffset(of destination: NavigationTarget.Destination) -> LogicalPoint? {
        switch destination {
        case .block(let location): return contentOffset(of: location)
        case .place(let place): return contentOffset(of: place)
        case .outlineRow(let index):
            guard let (_, list) = outlinePane, list.entries.indices.contains(index),
                  case .block(let location) = list.entries[index].target else { return nil }
            return contentOffset(of: location)
        }
    }

    /// Whether `destination` is an outline row whose place is still being found.
    private func isBeingFound(_ destination: NavigationTarget.Destination) -> Bool {
        guard case .outlineRow(let index) = destination, let (_, list) = outlinePane else { return false }
        return list.isFindingTarget(ofHeading: index)
    }

    /// The document's offset that shows the block at `location` at the top (its page, when
    /// paged), as the content is laid out now.
    private func contentOffset(of location: BlockLocation) -> LogicalPoint? {
        let zoom = scene[documentPane.view].zoomScale
        return document.contentOffset(of: location).map { LogicalPoint(x: $0.x * zoom, y: $0.y * zoom) }
    }

    /// Shows page `page` (from 0) of a paged document, animated.
    public func showPage(_ page: Int, timeMilliseconds: Double) {
        advanceClock(to: timeMilliseconds)
        navigationTarget = nil
        scene[documentPane.view].scrollToPage(page, timeMilliseconds: self.timeMilliseconds)
        needsFrame = true
    }

    /// Pages the document to the outline's heading `index` (split mode), animated; the page
    /// follows the heading while the pages on the way are laid out.
    public func showOutlineHeading(_ index: Int, timeMilliseconds: Double) {
        guard let (_, list) = outlinePane, list.entries.indices.contains(index) else { return }
        // A row is a jump, as a link is (issue 26 puts outline taps in the history, and
        // Okular's table of contents sets its viewport through the history): Alt+Left returns
        // to the page read before.
        recordJump()
        switch list.target(ofHeading: index) {
        case .block(let location):
            scrollDocument(to: location, timeMilliseconds: timeMilliseconds)
            // A row into a book's chapter not read yet leads to the chapter's start until its
            // place there is found off the loop: the scroll follows the row, and goes on to the
            // place when it is found (the reader's own scroll gives it up meanwhile).
            if list.isFindingTarget(ofHeading: index) { navigationTarget?.destination = .outlineRow(index) }
        case .page(let page):
            // A page's position is known: the view's page that shows it (its spread).
            scene[documentPane.view].scrollToPage(viewPage(ofDocumentPage: page), timeMilliseconds: timeMilliseconds)
        }
    }

    /// The page shown (from 0) and the page count, in a paged view.
    public var pages: (current: Int, count: Int)? {
        let view = scene[documentPane.view]
        guard view.isPagingEnabled else { return nil }
        return (view.frame.pageControl.currentPage, view.frame.pageControl.numberOfPages)
    }

    /// Whether nothing moves in any pane.
    public var isAtRest: Bool { panes.allSatisfy { scene[$0.view].frame.isAtRest } }

    /// Where `rect` of the document's content (zoom 1) shows in the window, if any of it does.
    public func windowRect(ofDocumentContent rect: ContentRect) -> LogicalRect? {
        state.windowRect(ofContent: rect, in: documentPane)
    }

    /// Where the outline's row `index` shows in the window, if it does.
    public func windowRect(ofOutlineRow index: Int) -> LogicalRect? {
        guard let (pane, outline) = outlinePane else { return nil }
        return state.windowRect(ofContent: outline.rowRect(ofHeading: index), in: pane)
    }

    /// Where the document's page control is drawn in the window, if it is shown.
    public var pageControlRect: LogicalRect? {
        guard let control = state.pageControl(ofPane: panes.count - 1) else { return nil }
        let layout = control.layout
        return LogicalRect(x: control.origin.x + layout.backdropX,
                           y: control.origin.y + layout.centerY - layout.backdropHeight / 2,
                           width: layout.backdropWidth, height: layout.backdropHeight)
    }

    /// Shows `document`, its file read again, in place of the one shown. At rest, the reading
    /// position stays at the same block (or the nearest that still exists) and nothing on
    /// screen jumps; a document that was shown at its end keeps following its end, as
    /// `less +F` does, so a growing log can be watched, even after it was emptied in place
    /// and grows again. While the content moves (a fling), the
    /// motion goes on over the new content. Returns false if no pane shows that file.
    @discardableResult
    public func reload(_ document: any LoadedDocument) -> Bool {
        let pane = documentPane
        let view = scene[pane.view]
        let bounds = view.offsetBounds(.vertical)
        let isScrollable = bounds.upperBound > bounds.lowerBound
        let wasAtEnd = !view.isPagingEnabled
            && (isScrollable ? view.contentOffset.y >= bounds.upperBound - 1 : followsEnd)
        let wasAtRest = !view.frame.needsFrames
        guard state.document.replaceDocument(with: document) else { return false }
        followsEnd = wasAtEnd
        state.updateContentSize(of: pane, to: pane.layout.contentSize)
        if wasAtEnd {
            followEnd(of: pane)
        } else if wasAtRest {
            let zoom = scene[pane.view].zoomScale
            let anchor = pane.layout.anchorOffset
            scene[pane.view].scroll(to: LogicalPoint(x: anchor.x * zoom, y: anchor.y * zoom), animated: false,
                                    timeMilliseconds: timeMilliseconds)
        }
        setNotice(nil)
        needsFrame = true
        return true
    }

    /// Scrolls `pane` to the end of its content, laying the end out first: the end of a
    /// reloaded document is estimated until it is laid out, and laying it out moves it.
    private func followEnd(of pane: Pane) {
        let rect = scene.rects[pane.view]
        // Each round lays out what the end shows; estimates there become exact, so two rounds
        // settle it, and four leave room for a last section that wraps differently.
        for _ in 0..<4 {
            let view = scene[pane.view]
            let zoom = view.zoomScale
            let end = view.offsetBounds(.vertical).upperBound
            scene[pane.view].scroll(to: LogicalPoint(x: view.contentOffset.x, y: end), animated: false,
                                    timeMilliseconds: timeMilliseconds)
            let visible = ContentRect(x: view.contentOffset.x / zoom, y: end / zoom,
                                      width: rect.size.width / zoom, height: rect.size.height / zoom)
            _ = pane.layout.prepare(visible, margin: 0)
            state.updateContentSize(of: pane, to: pane.layout.contentSize)
            if scene[pane.view].offsetBounds(.vertical).upperBound == end { break }
        }
        let end = scene[pane.view].offsetBounds(.vertical).upperBound
        scene[pane.view].scroll(to: LogicalPoint(x: scene[pane.view].contentOffset.x, y: end), animated: false,
                                timeMilliseconds: timeMilliseconds)
    }

    /// A one-line notice over the bottom of the document (a file that can no longer be read),
    /// or none.
    public func setNotice(_ notice: String?) {
        guard documentPane.renderer.notice != notice else { return }
        documentPane.renderer.notice = notice
        needsFrame = true
    }

    /// Follows the link of the PDF in the document pane at `location` (px in the pane),
    /// scrolling to its target with an animation or handing a web address to the desktop;
    /// returns whether there was one.
    @discardableResult
    func followLink(at location: LogicalPoint) -> Bool {
        if chooseEntry(at: location) { return true }
        let view = scene[documentPane.view]
        let point = ContentPoint(x: (location.x + view.contentOffset.x) / view.zoomScale,
                                 y: (location.y + view.contentOffset.y) / view.zoomScale)
        let page: Int, target: ContentPoint
        switch document.link(at: point, zoomScale: view.zoomScale) {
        case .place(let destination, let offset)?:
            (page, target) = (destination, offset)
        case .address(let address)?:
            // Web and mail addresses go to the desktop, as a text document's do; nothing else
            // a PDF names is ever opened or run.
            if case .external(let url) = LinkAction(destination: address, baseDirectory: "/") {
                requests.append(.openURL(url))
            } else {
                requests.append(.diagnostic("link not followed: '\(address)' is not a web or mail address"))
            }
            return true
        case nil:
            return false
        }
        recordJump()
        if view.isPagingEnabled {
            scene[documentPane.view].scrollToPage(page, timeMilliseconds: timeMilliseconds)
        } else {
            scene[documentPane.view].scroll(to: LogicalPoint(x: view.contentOffset.x, y: target.y * view.zoomScale),
                                            animated: true, timeMilliseconds: timeMilliseconds)
        }
        return true
    }
    /// How far the pointer may move between a press and its release for a click, in logical
    /// px (GTK's default drag threshold is 8 px; a click on a link should be stricter).
    static let clickSlopPixels = 4.0

    /// A left click (press and release in place) on the document pane follows a link of the
    /// viewer's (a PDF's).
    func pointerClicked(from press: LogicalPoint, to release: LogicalPoint) {
        let rect = scene.rects[documentPane.view]
        guard abs(release.x - press.x) <= Navigation.clickSlopPixels,
              abs(release.y - press.y) <= Navigation.clickSlopPixels,
              release.x >= rect.origin.x, release.x < rect.origin.x + rect.size.width,
              release.y >= rect.origin.y, release.y < rect.origin.y + rect.size.height else { return }
        followLink(at: LogicalPoint(x: release.x - rect.origin.x, y: release.y - rect.origin.y))
    }

    /// Puts `layout` in the document pane at `place` (nil: its top), with fresh tiles.
    func show(_ layout: any DocumentContent, at place: HistoryPlace?) {
        let pane = documentPane
        followsEnd = false
        navigationTarget = nil
        // Night pages turned on or off while another document was shown reach this one too.
        layout.palette = state.document.palette
        state.document = layout
        pane.layout = layout
        layout.entryChooser?.refresh()
        pane.renderer = FrameRenderer()
        pane.bufferContents.removeAll()
        let rect = scene.rects[pane.view]
        // Anchored first, so a window resized meanwhile keeps the place as it re-wraps.
        if let place { layout.readingAnchor = place.anchor }
        ViewerState.keepPageControlBand(of: layout, in: scene[pane.view])
        layout.setViewportSize(width: rect.size.width, height: rect.size.height)
        let zoom = scene[pane.view].zoomScale
        func placeOffset() -> LogicalPoint { place.map { offset(of: $0, anchoredAt: layout.anchorOffset) } ?? LogicalPoint(x: 0, y: 0) }
        // At the place's page too: a paged layout takes its reading position from what it is
        // prepared over, so one prepared at x = 0 forgot its page.
        let start = placeOffset()
        _ = layout.prepare(ContentRect(x: start.x / zoom, y: start.y / zoom, width: rect.size.width, height: rect.size.height),
                           margin: rect.size.height)
        let size = layout.contentSize
        scene[pane.view].setContentSize(LogicalSize(width: size.width, height: max(size.height, rect.size.height)),
                                        timeMilliseconds: timeMilliseconds)
        // Asked again: laying the place out made estimates above it exact.
        scene[pane.view].scroll(to: placeOffset(), animated: false, timeMilliseconds: timeMilliseconds)
        needsFrame = true
    }
}
