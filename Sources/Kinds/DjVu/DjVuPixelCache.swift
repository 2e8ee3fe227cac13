import DocumentKit

/// Rendered DjVu pixels kept up to a memory cap (`ByteBoundedCache`), least recently used
/// evicted first, with the sharp scales each page has pieces at.
final class DjVuPixelCache {
    private var cache: ByteBoundedCache<DjVuRenderJob, DjVuPixels>
    /// The sharp scales each page has pieces at, for stretching an old scale's pieces while
    /// the new scale's are rendered.
    private var scalesByPage: [Int: [Double: Int]] = [:]

    init(capacityBytes: Int) {
        cache = ByteBoundedCache(capacityBytes: capacityBytes)
    }

    /// The most bytes the pixels may hold.
    var capacityBytes: Int { cache.capacityBytes }
    var byteCount: Int { cache.byteCount }
    var count: Int { cache.count }

    /// The pixels of `job`, marked as just used.
    func pixels(_ job: DjVuRenderJob) -> DjVuPixels? { cache.value(for: job) }

    func contains(_ job: DjVuRenderJob) -> Bool { cache.contains(job) }

    /// The sharp scales `page` has pieces at.
    func scales(ofPage page: Int) -> Dictionary<Double, Int>.Keys? { scalesByPage[page]?.keys }

    /// Adds `pixels`, then evicts the least recently used beyond the cap, never those in
    /// `sparing` (what the view shows now: evicting it would only have it rendered again).
    func insert(_ pixels: DjVuPixels, for job: DjVuRenderJob, sparing: Set<DjVuRenderJob> = []) {
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

    func removeAll() {
        _ = cache.removeAll { _ in true }
        scalesByPage.removeAll()
    }
}
