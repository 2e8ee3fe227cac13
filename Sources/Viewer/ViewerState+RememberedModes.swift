import DocumentKit
import Render
import ScrollEngine

/// How a document was last shown, beside where: its page modes (fit, spreads and cover, night
/// pages), its pages' turn and its zoom, as saved with its reading position (issue 26).
public struct RememberedModes: Sendable {
    public var pageModes: PageModes
    /// Quarter turns clockwise, 0 to 3.
    public var quarterTurns: Int
    /// The zoom it was left at: kept where the reader zoomed by hand (`PageFit.free`).
    public var zoomScale: Double

    public init(pageModes: PageModes = PageModes(), quarterTurns: Int = 0, zoomScale: Double = 1) {
        self.pageModes = pageModes
        self.quarterTurns = quarterTurns
        self.zoomScale = zoomScale
    }
}

/// What a document with no choice of its own is shown with, from the command line and the
/// desktop: the same for the document the window opens with and for one opened in it later.
struct DocumentDefaults {
    /// `--right-to-left`: every document reads as a manga.
    var readsRightToLeft = false
    /// `--dark`: night pages on, whatever a document's record says.
    var forcesNightPages = false
    /// The desktop's dark style, as last read or changed: night pages for a document with no
    /// choice of its own.
    var desktopPrefersDark = false
}

/// A document shown with its remembered modes: the one code for a document the window opens
/// with (`DocumentViewer.init`, from the command line) and one opened in it from the home or
/// the folder view (`Navigation.openEntry`).
extension ViewerState {
    /// Turns `layout`'s pages and pairs them in spreads as `modes` says, before it is first
    /// laid out (so its first layout is the one shown).
    static func arrange(_ layout: any DocumentContent, as modes: RememberedModes, defaults: DocumentDefaults) {
        _ = layout.rotate(byQuarterTurns: modes.quarterTurns)
        if let spreads = layout.pageSpreads {
            if defaults.readsRightToLeft { spreads.readRightToLeft() }
            spreads.arrange(spreads: modes.pageModes.spreads ?? false, cover: modes.pageModes.spreadsHaveCover ?? true,
                            keepingPageAt: nil)
        }
    }

    /// Whether a document with `modes` shows night pages: `--dark`, else its own choice, else
    /// the desktop's style.
    static func showsNightPages(_ modes: PageModes, defaults: DocumentDefaults) -> Bool {
        modes.startsWithNightPages(forcedOn: defaults.forcesNightPages, desktopPrefersDark: defaults.desktopPrefersDark)
    }

    /// Takes `modes` as the document shown's, to keep and to save with its position. A record
    /// from before fit was (it is saved with every position since) that says a zoom other than
    /// 1 was the reader's own zoom (`PageFit.free`).
    func adoptModes(_ modes: RememberedModes) {
        pageModes = modes.pageModes
        if modes.pageModes.fit == nil, modes.zoomScale != 1, fitsPages { pageModes.fit = .free }
    }

    /// The zoom range `view` gives content that answers zoom by `policy`: `zoomRange` (`--zoom`)
    /// where set, else the policy's own; text and lists zoom only when scrolling.
    static func zoomRange(for policy: ZoomPolicy, zoomRange: ClosedRange<Double>?, isPaged: Bool) -> ClosedRange<Double> {
        switch policy {
        case .magnify(let range), .perPage(let range): zoomRange ?? range
        case .reflow, .none: zoomRange ?? (isPaged ? 1...1 : ScrollView.textZoomScaleRange)
        }
    }

    /// Sets `view`'s zoom for content that answers zoom by `policy` (a magnified document's
    /// policy read once it has its viewport): its range, and who answers a double tap.
    static func configureZoom(of view: inout ScrollView, for policy: ZoomPolicy, zoomRange: ClosedRange<Double>?) {
        let range = ViewerState.zoomRange(for: policy, zoomRange: zoomRange, isPaged: view.isPagingEnabled)
        view.minimumZoomScale = range.lowerBound
        view.maximumZoomScale = range.upperBound
        switch policy {
        case .magnify, .perPage:
            // Pages answer a double tap themselves: the column of text under the finger, and
            // back to the fit (`ViewerState+Fit`).
            view.zoomsOnDoubleTap = false
        case .reflow, .none:
            view.zoomsOnDoubleTap = true
        }
        // Images zoom like Photos, one at a time, from fit-to-window to the page's own limit
        // (set as it is shown); a paged PDF too: a zoomed page pans, then a drag on past its
        // edge turns to the next page, which opens unzoomed.
        if case .perPage = policy { view.zoomsPagesIndividually = true } else { view.zoomsPagesIndividually = false }
    }

    /// Keeps the page control's band clear at the bottom of `layout`'s pages when `view`
    /// pages with a page control: at rest it covers no content.
    static func keepPageControlBand(of layout: any DocumentContent, in view: ScrollView) {
        guard view.isPagingEnabled, view.showsPageControl else { return }
        layout.pageBottomInsetPixels = OverlayStyle().pageControlReservedHeightPixels
    }

    /// Shows the document just put in the document pane with `modes`: its zoom range, its
    /// night pages, its fit (or the zoom the reader left it at), as when the window opened
    /// with it.
    func showRemembered(_ modes: RememberedModes) {
        adoptModes(modes)
        let pane = documentPane
        var view = scene[pane.view]
        if !zoomRules.isRangeFixed {
            ViewerState.configureZoom(of: &view, for: document.zoomPolicy, zoomRange: nil)
            scene[pane.view] = view
        }
        setNightPages(ViewerState.showsNightPages(modes.pageModes, defaults: documentDefaults))
        if pageModes.fit == .free, modes.zoomScale != 1 {
            scene[pane.view].setZoomScale(modes.zoomScale, animated: false, timeMilliseconds: timeMilliseconds)
        }
        applyPageFit(animated: false)
    }
}
