import DocumentKit

/// What the source's renderer is asked for, through the one page scheduler (`PageScheduler`);
/// the source is never asked to draw here.
extension PagedLayout: PageScheduling {
    /// Asks the renderer for what `visible` needs, most urgent first (`PageScheduler.jobs`).
    func requestPixels(for visible: ContentRect, margin: Double) {
        guard let jobs = scheduler.jobs(for: visible, margin: margin, in: self) else { return }
        source.request(jobs, invertsLightness: scheduler.invertsLightness, pointSize: pointSize)
    }

    /// Whether everything on screen has its sharp pixels (for tests and benchmarks): every page
    /// the last `prepare` saw measured (or failed) and its pieces delivered.
    public var isSharp: Bool {
        guard isOpen, drawScale != nil, missingVisibleCount == 0, let lastVisible else { return false }
        return pages(meeting: lastVisible).allSatisfy { isMeasured($0) || failures[$0] != nil }
    }

    /// How many jobs the renderer has answered (for tests and benchmarks).
    public var renderedJobCount: Int { source.renderedJobCount }

    /// The page renderers' process IDs (for tests: one killed mid-fling is replaced).
    public var rendererProcessIDs: [Int32] { source.rendererProcessIDs }
}
