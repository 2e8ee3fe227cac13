import DocumentKit
import GlideTools
import Home
import KindRegistry
import Localization
import Machinery
import Portals
import ReadingState
import Render
import ScrollEngine
import Viewer
import WaylandClient

/// The composition root: the viewer in a Wayland window. It turns the window's frames into
/// `DocumentViewer.frame(at:into:bufferID:)`, the viewer's requests into window calls, and
/// keeps the trace and the reading position. Seat input arrives through `SeatAdapter`.
final class ViewerApp {
    static let appID = "dev.glide.Glide"

    let viewer: DocumentViewer
    let window: Window
    let registry: Registry
    private let trace: TraceWriter?
    private let positions: ReadingPositionStore
    private var isQuitRequested = false
    private lazy var seatAdapter = SeatAdapter(app: self)
    /// Fires the viewer's long press (see `DocumentViewer.wantsLongPressTimer`).
    private let longPressTimer = LoopTimer()
    /// Watches the shown files and reads a changed one again off the loop (nil when inotify
    /// is unavailable: the files are then shown as they were opened).
    private var reloader: DocumentReloader?
    /// The desktop's dark style, read from the Settings portal while the window is made.
    private let desktopStyle = DesktopStyle()
    /// How long the first frame waits for the portal's answer, in ms: a portal answers in a few
    /// ms once running; this bounds a portal still being started by the bus.
    static let desktopStyleWaitMilliseconds = 250

    /// Shows `documents`: one, or several text documents as one strip of pages; `paths` are
    /// their files.
    init(documents: DocumentSet, paths: [String], options: CommandLineOptions, positions: ReadingPositionStore,
         display: Display, registry: Registry, trace: TraceWriter?) {
        self.registry = registry
        self.trace = trace
        self.positions = positions
        let documentPath = paths.count == 1 && !options.paths.isEmpty ? paths.first : nil
        let savedPosition = documentPath.flatMap(positions.position(forFileAt:))
        let pageModes = savedPosition?.pageModes ?? PageModes()
        let prefersDark = desktopStyle.prefersDark(waitingAtMostMilliseconds: Self.desktopStyleWaitMilliseconds)
        let palette = Palette.forNight(pageModes.startsWithNightPages(forcedOn: options.isDark, desktopPrefersDark: prefersDark))
        let document = documents.documents[0]
        var viewerOptions = ViewerOptions()
        viewerOptions.isPaged = documents.isPagedByDefault || options.isPagingEnabled || options.isSplit
        viewerOptions.isSplit = options.isSplit
        viewerOptions.showsPageControl = options.showsPageControl
        viewerOptions.isDirectionalLockEnabled = options.isDirectionalLockEnabled
        viewerOptions.zoomRange = options.zoomRange
        viewerOptions.pageModes = pageModes
        viewerOptions.forcesNightPages = options.isDark
        viewerOptions.desktopPrefersDark = prefersDark
        viewerOptions.readsRightToLeft = options.readsRightToLeft
        viewerOptions.configuration = ViewerSettings.configuration(
            options, reducedMotion: ViewerSettings.prefersReducedMotion())
        // Started with no file, Glide opens its home.
        let layout: any DocumentContent = options.paths.isEmpty ? HomeScreens.makeHome(guidePath: paths.first, applicationVersion: glideVersion, palette: palette)
            : documents.makeLayout(palette: palette, paged: viewerOptions.isPaged)
        // The first resize scrolls to the anchor, so the saved position is where the window opens.
        // An image opened on its own opens at that image, not where its folder was left.
        let record = document.opensAtItem ? nil : savedPosition
        // A document opened afresh starts at the desktop's text size (GNOME's Large Text),
        // bounded by the view's zoom limits (pages, which do not zoom, stay as they are).
        let saved = document.opensAtItem ? nil : record.map { ($0.anchor, $0.zoomScale) } ?? (ReadingAnchor.top, ViewerSettings.textScalingFactor())
        let size = options.windowSize
        viewer = DocumentViewer(layout: layout, options: viewerOptions, windowSize: LogicalSize(width: size.width, height: size.height),
                                position: saved, quarterTurns: record?.quarterTurns ?? 0)
        window = Window(registry: registry, display: display, title: WindowTitle.naming( documents.title), appID: ViewerApp.appID,
                        width: Int32(size.width), height: Int32(size.height), bufferRoomHeights: BufferBlit.slideRoomHeights)
        viewer.showsWindowControls = window.hasClientSideDecorations
        viewer.navigation.documentPath = documentPath
        viewer.navigation.documentTitle = documents.title
        viewer.navigation.documentOpener = KindRegistry.openLinkedText(_:deliver:)
        viewer.navigation.onWillLeaveDocument = { [unowned self] in saveReadingPosition() }
        HomeScreens.attach(to: viewer, positions: positions, guidePath: ResourceLocator.path(of: ResourceLocator.defaultDocumentName), applicationVersion: glideVersion)
        viewer.navigation.restoreHistory(record?.history)
        window.onResize = { [unowned self] in
            viewer.resize(to: LogicalSize(width: Double(window.width), height: Double(window.height)))
        }
        window.onDraw = { [unowned self] buffer, scale, timing in draw(into: buffer, scale: scale, timing: timing) }
        if let trace {
            window.onFrameCommitted = { number, time in trace.committed(number: number, commitMilliseconds: time) }
            window.onFramePresented = { number, time in trace.presented(number: number, presentedMilliseconds: time) }
        }
        for seat in registry.seats { attach(seat) }
        registry.onSeatAdded = { [unowned self] seat in attach(seat) }
        reloader = ViewerApp.makeReloader(for: documents.documents, showingIn: viewer)
        desktopStyle.onChange = { [unowned self] in viewer.desktopDarkStyleChanged(prefersDark: $0) }
    }

    /// Watches the files of `documents`; a changed one is shown by `viewer` when read again,
    /// one that cannot be read any more leaves a notice. Nil without inotify.
    private static func makeReloader(for documents: [any LoadedDocument], showingIn viewer: DocumentViewer) -> DocumentReloader? {
        do {
            return try DocumentReloader(documents: documents) { _, outcome in
                switch outcome {
                case .reloaded(let document): viewer.navigation.reload(document)
                case .unavailable(let notice): viewer.navigation.setNotice(notice)
                }
            }
        } catch {
            printError(localized("%s; files are shown as they were opened", String(describing: error)))
            return nil
        }
    }

    /// The title naming the file shown, one of several or a document a link opened; nil
    /// before the first frame says which.
    var shownWindowTitle: String? { viewer.shownFileName.map(WindowTitle.naming(_:)) }

    /// Whether the loop should stop: the user quit, the compositor closed the window, the
    /// window cannot draw (see `Window.failure`), or poppler refused the PDF shown.
    var isFinished: Bool { isQuitRequested || window.isCloseRequested || window.failure != nil || documentFailure != nil }

    /// Why the document cannot be shown after all: a PDF poppler refused once its open ended
    /// (it opens in the background, see `PDFFile(openingInBackground:)`).
    var documentFailure: DocumentError? { viewer.document.failure }

    /// Why the window had to stop, if it did not end normally.
    var failure: WaylandError? { window.failure }

    /// Asks the loop to end, as a quit key does (SIGINT, SIGTERM).
    func quit() {
        isQuitRequested = true
    }

    /// Remembers where the reader is (at rest and at exit, never per frame).
    func saveReadingPosition() {
        // A document that could not be shown keeps the position it had.
        guard let documentPath = viewer.navigation.documentPath, documentFailure == nil else { return }
        let position = viewer.readingPosition
        positions.save(ReadingPosition(anchor: position.anchor, zoomScale: position.zoomScale, progress: viewer.readingProgress,
                                       history: viewer.navigation.savedHistory, quarterTurns: viewer.quarterTurns,
                                       pageModes: viewer.pageModes), forFileAt: documentPath)
    }

    /// The descriptors the loop must watch besides the display's (frame fallback, background
    /// results, key repeat), with what to do when one is readable.
    var pollSources: [EventLoop.Source] {
        let window = self.window
        let viewer = self.viewer
        let mailbox = MainThreadMailbox.shared
        return [EventLoop.Source(fileDescriptor: window.fallbackTimerFileDescriptor) { window.fallbackTimerFired() },
                // Background results land between frames; what they change shows in the next
                // frame (a delivery that changes content calls `viewer.setNeedsFrame()`).
                EventLoop.Source(fileDescriptor: mailbox.fileDescriptor) {
                    if mailbox.deliverPending() > 0 { viewer.setNeedsFrame() }
                },
                EventLoop.Source(fileDescriptor: longPressTimer.fileDescriptor) { [unowned self] in
                    if longPressTimer.takeExpirations() > 0 { viewer.longPressTimerFired() }
                }]
            + (reloader.map { reloader in
                reloader.fileDescriptors.map { descriptor in
                    EventLoop.Source(fileDescriptor: descriptor) { reloader.handleReadable(descriptor) }
                }
            } ?? [])
            + registry.seats.compactMap { seat in
                seat.keyRepeatFileDescriptor.map { descriptor in
                    EventLoop.Source(fileDescriptor: descriptor) { seat.keyboard?.deliverDueRepeats() }
                }
            }
    }

    /// Hands one input to the viewer; what it asks of the window is carried out at the render
    /// step that ends the loop's turn.
    func deliver(_ input: ViewerInput) {
        viewer.isFullscreen = window.states.isFullscreen
        let wantedLongPress = viewer.wantsLongPressTimer
        viewer.handle(input)
        // A finger came to rest on the document (again): the long press counts from now.
        var isTouchDown = false
        if case .scene(.touchDown) = input.event { isTouchDown = true }
        if viewer.wantsLongPressTimer, !wantedLongPress || isTouchDown {
            longPressTimer.arm(afterMilliseconds: DocumentViewer.longPressMilliseconds)
        } else if !viewer.wantsLongPressTimer {
            longPressTimer.disarm()
        }
    }

    /// Carries out what the viewer asked of the window since the last time.
    private func carryOutRequests() {
        for request in viewer.takeRequests() {
            switch request {
            case .quit: isQuitRequested = true
            case .setFullscreen(let isFullscreen): window.setFullscreen(isFullscreen)
            case .print: PrintPortal.print(path: viewer.navigation.documentPath, title: viewer.navigation.documentTitle, report: viewer.failureReporter)
            case .openFile: FileChooserPortal.chooseDocuments(title: localized("Open"), mimeTypes: KindRegistry.shownMIMETypes, chosen: HomeScreens.openInNewWindow, report: HomeScreens.folderViewInstead(in: viewer))
            case .beginMove(let serial):
                if let seat = seatAdapter.lastTouchSeat { window.beginMove(seat: seat, serial: serial) }
            default:
                carryOutReadingRequest(request)
            }
        }
    }

    /// The reading tools' requests: the clipboard, links to the desktop, text input, the
    /// pointer's image, the long-press timer.
    private func carryOutReadingRequest(_ request: ViewerRequest) {
        switch request {
        case .copy(let range, let toClipboard, let toPrimary):
            // The text is made on the writer's worker, at paste time: a whole 100 MB document
            // or 2,000-page PDF is never extracted on the frame loop.
            guard let readable = viewer.document.readableText else { return }
            let text = SelectionText(readable.textForCopying(in: range))
            if !registry.seats.contains(where: { $0.copy(text, toClipboard: toClipboard, toPrimary: toPrimary) }) {
                DebugLog.write("nothing to copy to: no data device, or no input seen yet")
            }
        case .openURL(let url):
            LinkOpener.open(url)
        case .setTextInput(let wants):
            for seat in registry.seats { seat.textInput?.wantsInput = wants }
        case .setPointerLook(let look):
            let shape: CursorShape = switch look {
            case .arrow: .arrow
            case .hand: .hand
            case .text: .text
            }
            for seat in registry.seats { seat.cursorShape = shape }
        case .diagnostic(let message):
            DebugLog.write(message)
        case .quit, .setFullscreen, .beginMove, .print, .openFile:
            break
        }
    }

    /// Listens to a seat's input, and to its text input for the find field.
    private func attach(_ seat: Seat) {
        seat.delegate = seatAdapter
        seat.textInput?.onEvent = { [unowned self] event in seatAdapter.seat(seat, didReceiveTextInput: event) }
    }

    /// The loop's render step, after everything of the turn was dispatched (input, timers, a
    /// screen reader's actions): carries out what the viewer asked of the window, marks the
    /// window when the viewer needs a frame, then lets the window draw if a frame is due.
    func render() {
        carryOutRequests()
        if viewer.needsFrame { window.setNeedsDisplay() }
        window.drawIfNeeded()
    }

    private func draw(into buffer: ShmBuffer, scale: Double, timing: FrameTiming) -> DrawnFrame {
        let time: FrameTime = switch timing {
        case .callback(let milliseconds): .callback(milliseconds: Double(milliseconds))
        case .immediate: .immediate
        case .fallback(let elapsed): .fallback(elapsedMilliseconds: elapsed)
        }
        let pixels = PixelBuffer(pixels: buffer.pixels, width: Int(buffer.width), height: Int(buffer.height),
                                 stride: Int(buffer.stride), scale: scale,
                                 roomBeforeBytes: buffer.roomBeforeBytes, roomAfterBytes: buffer.roomAfterBytes)
        let frame = viewer.frame(at: time, into: pixels, bufferID: ObjectIdentifier(buffer))
        if let title = shownWindowTitle { window.setTitle(title) }
        trace?.record(frame.traced, number: frame.number)
        if frame.savesReadingPosition {
            saveReadingPosition()
            viewer.releaseMemoryAtRest()
            HeapMemory.releaseFreeMemory()
        }
        return DrawnFrame(damage: frame.damage, isAnimating: frame.isAnimating, isAtRest: frame.isAtRest,
                          slideBytes: frame.slideBytes)
    }
}

/// The renderer's buffer rectangles are what `wl_surface.damage_buffer` is given: buffer
/// pixels have one rectangle type.
extension DeviceRect: BufferDamage {}
