import DocumentKit

/// Rendered PDF pixels kept up to a memory cap, least recently used evicted first.
final class PDFPixelCache {
    /// The most bytes the pixels may hold.
    let capacityBytes: Int
    private(set) var byteCount = 0
    private var entries: [PDFRenderJob: (pixels: PDFPixels, lastUse: Int)] = [:]
    /// The sharp scales each page has pieces at, for stretching an old scale's pieces while
    /// the new scale's are rendered.
    private var scalesByPage: [Int: [Double: Int]] = [:]
    private var clock = 0

    init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
    }

    var count: Int { entries.count }

    /// The pixels of `job`, marked as just used.
    func pixels(_ job: PDFRenderJob) -> PDFPixels? {
        guard let entry = entries[job] else { return nil }
        clock += 1
        entries[job]?.lastUse = clock
        return entry.pixels
    }

    func contains(_ job: PDFRenderJob) -> Bool { entries[job] != nil }

    /// The sharp scales `page` has pieces at.
    func scales(ofPage page: Int) -> Dictionary<Double, Int>.Keys? { scalesByPage[page]?.keys }

    /// Adds `pixels`, then evicts the least recently used beyond the cap, never those in
    /// `sparing` (what the view shows now: evicting it would only have it rendered again).
    func insert(_ pixels: PDFPixels, for job: PDFRenderJob, sparing: Set<PDFRenderJob> = []) {
        if let old = entries[job] { byteCount -= old.pixels.byteCount } else if case .piece(let key) = job {
            scalesByPage[key.page, default: [:]][key.scale, default: 0] += 1
        }
        clock += 1
        entries[job] = (pixels, clock)
        byteCount += pixels.byteCount
        trim(sparing: sparing.union([job]))
    }

    func removeAll() {
        entries.removeAll()
        scalesByPage.removeAll()
        byteCount = 0
    }

    /// Evicts least recently used pixels until the cache fits its cap, sparing `sparing`.
    private func trim(sparing: Set<PDFRenderJob>) {
        guard byteCount > capacityBytes else { return }
        for (job, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where !sparing.contains(job) {
            guard byteCount > capacityBytes else { return }
            entries[job] = nil
            byteCount -= entry.pixels.byteCount
            if case .piece(let key) = job {
                scalesByPage[key.page]?[key.scale, default: 1] -= 1
                if scalesByPage[key.page]?[key.scale] == 0 { scalesByPage[key.page]?[key.scale] = nil }
                if scalesByPage[key.page]?.isEmpty == true { scalesByPage[key.page] = nil }
            }
        }
    }
}
