import Document
import Localization
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
    /// The file the document came from, whose reading position is remembered (none for
    /// several files at once).
    private let documentPath: String?
    private let positions: ReadingPositionStore
    private var isQuitRequested = false
    private lazy var seatAdapter = SeatAdapter(app: self)
    /// Watches the shown files and reads a changed one again off the loop (nil when inotify
    /// is unavailable: the files are then shown as they were opened).
    private var reloader: DocumentReloader?

    /// Shows `documents`: one, or several text documents as one strip of pages; `paths` are
    /// their files.
    init(documents: [Document], paths: [String], options: CommandLineOptions, positions: ReadingPositionStore,
         display: Display, registry: Registry, trace: TraceWriter?) {
        self.registry = registry
        self.trace = trace
        self.positions = positions
        documentPath = paths.count == 1 ? paths.first : nil
        let palette = Palette.preferredByDesktop(forcingDark: options.isDark)
        let document = documents[0]
        var viewerOptions = ViewerOptions()
        viewerOptions.isPaged = documents.count > 1 || document.kind == .imageCollection || options.isPagingEnabled
            || options.isSplit
        viewerOptions.isSplit = options.isSplit
        viewerOptions.showsPageControl = options.showsPageControl
        viewerOptions.isDirectionalLockEnabled = options.isDirectionalLockEnabled
        viewerOptions.zoomRange = options.zoomRange
        viewerOptions.configuration = ViewerSettings.configuration(
            options, reducedMotion: ViewerSettings.prefersReducedMotion())
        let layout = documents.count > 1 ? DocumentCollectionLayout(documents: documents, palette: palette)
            : document.makeLayout(palette: palette, paged: viewerOptions.isPaged)
        // The first resize scrolls to the anchor, so the saved position is where the window opens.
        let saved = documentPath.flatMap(positions.position(forFileAt:)).map { ($0.anchor, $0.zoomScale) }
            // A document opened afresh starts at the desktop's text size (GNOME's Large Text),
            // bounded by the view's zoom limits (pages, which do not zoom, stay as they are).
            ?? (ReadingAnchor.top, ViewerSettings.textScalingFactor())
        let size = options.windowSize
        viewer = DocumentViewer(layout: layout, options: viewerOptions,
                                windowSize: LogicalSize(width: size.width, height: size.height), position: saved)
        window = Window(registry: registry, display: display, title: ViewerApp.windowTitle(of: documents), appID: ViewerApp.appID,
                        width: Int32(size.width), height: Int32(size.height))
        viewer.showsWindowControls = window.hasClientSideDecorations
        window.onResize = { [unowned self] in
            viewer.resize(to: LogicalSize(width: Double(window.width), height: Double(window.height)))
        }
        window.onDraw = { [unowned self] buffer, scale, timing in draw(into: buffer, scale: scale, timing: timing) }
        if let trace {
            window.onFrameCommitted = { number, time in trace.committed(number: number, commitMilliseconds: time) }
            window.onFramePresented = { number, time in trace.presented(number: number, presentedMilliseconds: time) }
        }
        for seat in registry.seats { seat.delegate = seatAdapter }
        registry.onSeatAdded = { [unowned self] seat in seat.delegate = seatAdapter }
        reloader = ViewerApp.makeReloader(for: documents, showingIn: viewer)
    }

    /// Watches the files of `documents`; a changed one is shown by `viewer` when read again,
    /// one that cannot be read any more leaves a notice. Nil without inotify.
    private static func makeReloader(for documents: [Document], showingIn viewer: DocumentViewer) -> DocumentReloader? {
        do {
            return try DocumentReloader(documents: documents) { _, outcome in
                switch outcome {
                case .reloaded(let document): viewer.reload(document)
                case .unavailable(let notice): viewer.setNotice(notice)
                }
            }
        } catch {
            printError("\(error); files are shown as they were opened")
            return nil
        }
    }

    /// What the documents are called: a file's name, or how many files there are.
    static func title(of documents: [Document]) -> String {
        documents.count > 1
            ? localizedPlural("%s document", "%s documents", count: documents.count, LocalizedNumber.string(documents.count))
            : documents[0].title
    }

    // TRANSLATORS: the window title: the document's name, then the application's.
    static func windowTitle(of documents: [Document]) -> String { localized("%s — Glide", title(of: documents)) }

    /// Whether the loop should stop: the user quit, the compositor closed the window, or the
    /// window cannot draw (see `Window.failure`).
    var isFinished: Bool { isQuitRequested || window.isCloseRequested || window.failure != nil }

    /// Why the window had to stop, if it did not end normally.
    var failure: WaylandError? { window.failure }

    /// Asks the loop to end, as a quit key does (SIGINT, SIGTERM).
    func quit() {
        isQuitRequested = true
    }

    /// Remembers where the reader is (at rest and at exit, never per frame).
    func saveReadingPosition() {
        guard let documentPath else { return }
        let position = viewer.readingPosition
        positions.save(ReadingPosition(anchor: position.anchor, zoomScale: position.zoomScale), forFileAt: documentPath)
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

    /// Hands one input to the viewer and carries out what it asks of the window.
    func deliver(_ input: ViewerInput) {
        viewer.isFullscreen = window.states.isFullscreen
        viewer.handle(input)
        for request in viewer.takeRequests() {
            switch request {
            case .quit: isQuitRequested = true
            case .setFullscreen(let isFullscreen): window.setFullscreen(isFullscreen)
            case .beginMove(let serial):
                if let seat = seatAdapter.lastTouchSeat { window.beginMove(seat: seat, serial: serial) }
            }
        }
    }

    /// The loop's render step, after dispatch: marks the window when the viewer needs a frame,
    /// then lets the window draw if a frame is due.
    func render() {
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
                                 stride: Int(buffer.stride), scale: scale)
        let frame = viewer.frame(at: time, into: pixels, bufferID: ObjectIdentifier(buffer))
        trace?.record(frame.traced, number: frame.number)
        if frame.savesReadingPosition { saveReadingPosition() }
        return DrawnFrame(damage: frame.damage, isAnimating: frame.isAnimating, isAtRest: frame.isAtRest)
    }
}

/// The renderer's buffer rectangles are what `wl_surface.damage_buffer` is given: buffer
/// pixels have one rectangle type.
extension DeviceRect: BufferDamage {}
