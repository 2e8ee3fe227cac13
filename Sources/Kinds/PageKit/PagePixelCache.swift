import DocumentKit

/// Rendered page pixels kept up to a memory cap (`ByteBoundedCache`), least recently used
/// evicted first, with the sharp scales each page has pieces at.
public final class PagePixelCache {
    private var cache: ByteBoundedCache<PageRenderJob, PagePixels>
    /// The sharp scales each page has pieces at, for stretching an old scale's pieces while
    /// the new scale's are rendered.
    private var scalesByPage: [Int: [Double: Int]] = [:]

    public init(capacityBytes: Int) {
        cache = ByteBoundedCache(capacityBytes: capacityBytes)
    }

    /// The most bytes the pixels may hold.
    public var capacityBytes: Int { cache.capacityBytes }
    public var byteCount: Int { cache.byteCount }
    public var count: Int { cache.count }

    /// The pixels of `job`, marked as just used.
    public func pixels(_ job: PageRenderJob) -> PagePixels? { cache.value(for: job) }

    public func contains(_ job: PageRenderJob) -> Bool { cache.contains(job) }

    /// Whether the pixels of `job` are held as asked now: drawn as night pages or not, as
    /// `invertsLightness` says. Pixels of the other style are still drawn until these arrive.
    public func contains(_ job: PageRenderJob, invertsLightness: Bool) -> Bool {
        cache.peek(job)?.invertsLightness == invertsLightness
    }

    /// The sharp scales `page` has pieces at.
    public func scales(ofPage page: Int) -> Dictionary<Double, Int>.Keys? { scalesByPage[page]?.keys }

    /// Adds `pixels`, then evicts the least recently used beyond the cap, never those in
    /// `sparing` (what the view shows now: evicting it would only have it rendered again).
    public func insert(_ pixels: PagePixels, for job: PageRenderJob, sparing: Set<PageRenderJob> = []) {
        if cache.insert(pixels, byteCount: pixels.byteCount, for: job) == nil, case .piece(let key) = job {
            scalesByPage[key.page, default: [:]][key.scale, default: 0] += 1
        }
        for evicted in cache.trim(sparing: { key, _ in key == job || sparing.contains(key) }) {
            guard case .piece(let key) = evicted.key else { continue }
            scalesByPage[key.page]?[key.scale, default: 1] -= 1
            if scalesByPage[key.page]?[key.scale] == 0 { scalesByPage[key.page]?[key.scale] = nil }
            if scalesByPage[key.page]?.isEmpty == true { scalesByPage[key.page] = nil }
        }
    }

    public func removeAll() {
        _ = cache.removeAll { _ in true }
        scalesByPage.removeAll()
    }
}
