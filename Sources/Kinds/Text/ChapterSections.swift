import DocumentKit
import Synchronization

/// A document's sections over the chapters of a `TextChapterSource`: each chapter cut into
/// as many sections as its estimated size holds `TextDocument.sectionBytes`, fixed when the
/// document is made; a chapter's blocks are read when one of its sections is first needed and
/// shared out among its sections by their bytes.
final class ChapterSections: Sendable {
    let source: any TextChapterSource
    /// Where each chapter's sections start, and after the last chapter the number of sections.
    private let firstSections: [Int]
    /// Each chapter's size as the source estimated it, in bytes.
    private let estimatedBytes: [Int]
    /// Chapters read lately, cut into their sections.
    private let cache: Mutex<ByteBoundedCache<Int, [[Block]]>>

    /// The text chapters read lately may hold before the least recently used is forgotten (the
    /// one read last always stays): 768 KB, about nine chapters of a novel, many screens
    /// around the one shown, and few enough that scrolling through a whole book holds little
    /// more than the text on screen (at 4 MB, the blocks of a 5 MB book held 10 MB after a
    /// scroll through it, `glide-bench epub`). It was 1 MB until the margin was shaped on the
    /// chapters' worker (issue 24), whose thread's heap and font maps (`ShapingFontMaps`) took
    /// the memory figure from 1.78 to 2.03–2.05 bytes per byte of text (goal 2); at 768 KB it is
    /// 1.96. Reading a chapter again costs a few ms of libxml2 for 100 KB, on the chapters' worker.
    static let cacheCapacityBytes = 3 << 18

    init(source: any TextChapterSource) {
        self.source = source
        let count = max(0, source.chapterCount)
        var firstSections = [0]
        var estimatedBytes: [Int] = []
        firstSections.reserveCapacity(count + 1)
        estimatedBytes.reserveCapacity(count)
        for chapter in 0..<count {
            let bytes = max(0, source.byteCount(ofChapter: chapter))
            estimatedBytes.append(bytes)
            firstSections.append(firstSections[chapter] + ChapterSections.sectionCount(ofBytes: bytes))
        }
        // A book of no chapters is one empty section, as an empty file is.
        if count == 0 { firstSections.append(1) }
        self.firstSections = firstSections
        self.estimatedBytes = estimatedBytes
        cache = Mutex(ByteBoundedCache(capacityBytes: ChapterSections.cacheCapacityBytes))
    }

    /// How many sections a chapter of `bytes` is cut into: at least one.
    static func sectionCount(ofBytes bytes: Int) -> Int {
        max(1, (bytes + TextDocument.sectionBytes - 1) / TextDocument.sectionBytes)
    }

    var chapterCount: Int { estimatedBytes.count }

    var count: Int { firstSections[firstSections.count - 1] }

    /// The chapter `section` belongs to (0 for the one section of a book of none).
    func chapter(ofSection section: Int) -> Int {
        var low = 0, high = max(chapterCount - 1, 0)
        while low < high {
            let middle = (low + high + 1) / 2
            if firstSections[middle] <= section { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The sections chapter `chapter` is cut into.
    func sections(ofChapter chapter: Int) -> Range<Int> {
        guard chapter >= 0, chapter < chapterCount else { return 0..<0 }
        return firstSections[chapter]..<firstSections[chapter + 1]
    }

    /// Section `section`'s share of its chapter's estimated size.
    func byteCount(ofSection section: Int) -> Int {
        let chapter = chapter(ofSection: section)
        guard chapter < chapterCount else { return 0 }
        let sections = sections(ofChapter: chapter)
        let share = estimatedBytes[chapter] / sections.count
        return section == sections.upperBound - 1 ? estimatedBytes[chapter] - share * (sections.count - 1) : share
    }

    /// The blocks of `section`, its chapter read now if it is not in the cache.
    func blocks(inSection section: Int) -> [Block] {
        let chapter = chapter(ofSection: section)
        guard chapter < chapterCount else { return [] }
        return piece(section, of: pieces(ofChapter: chapter), chapter: chapter)
    }

    /// The blocks of `section` if its chapter is in the cache; nil when it would have to be
    /// read, which the frame loop leaves to a worker (`read(chapter:)`).
    func readyBlocks(inSection section: Int) -> [Block]? {
        let chapter = chapter(ofSection: section)
        guard chapter < chapterCount else { return [] }
        guard let pieces = cache.withLock({ $0.value(for: chapter) }) else { return nil }
        return piece(section, of: pieces, chapter: chapter)
    }

    /// Reads chapter `chapter` into the cache unless it is there: a worker's job, after which
    /// `readyBlocks(inSection:)` answers for its sections (while the cache keeps it).
    func read(chapter: Int) {
        guard chapter >= 0, chapter < chapterCount else { return }
        _ = pieces(ofChapter: chapter)
    }

    /// Whether chapter `chapter` is in the cache, so its sections are ready.
    func isRead(chapter: Int) -> Bool {
        cache.withLock { $0.contains(chapter) }
    }

    private func piece(_ section: Int, of pieces: [[Block]], chapter: Int) -> [Block] {
        let index = section - firstSections[chapter]
        return pieces.indices.contains(index) ? pieces[index] : []
    }

    /// Chapter `chapter` cut into its sections, from the cache or read now (outside the lock,
    /// so the loop and a worker never wait for each other's parse).
    private func pieces(ofChapter chapter: Int) -> [[Block]] {
        if let cached = cache.withLock({ $0.value(for: chapter) }) { return cached }
        let (pieces, bytes) = cut(chapter)
        cache.withLock { cache in
            cache.insert(pieces, byteCount: bytes, for: chapter)
            _ = cache.trim { key, _ in key == chapter }
        }
        return pieces
    }

    /// Chapter `chapter` cut into its sections, from the cache or read now without keeping it:
    /// for a pass over every chapter (a book's headings), which must not push out of the
    /// cache the chapters the view reads.
    func piecesPassingBy(chapter: Int) -> [[Block]] {
        guard chapter >= 0, chapter < chapterCount else { return [] }
        if let cached = cache.withLock({ $0.value(for: chapter) }) { return cached }
        return cut(chapter).pieces
    }

    /// Chapter `chapter` read and cut into its sections, and the bytes they hold.
    private func cut(_ chapter: Int) -> (pieces: [[Block]], bytes: Int) {
        var blocks = source.blocks(ofChapter: chapter).flatMap { $0.split(maximumBytes: TextSections.maximumBlockBytes) }
        if !blocks.isEmpty, source.startsWithBreak(chapter: chapter), blocks[0].kind != .chapterBreak {
            blocks.insert(Block(kind: .chapterBreak, text: ""), at: 0)
        }
        let pieces = ChapterSections.shared(blocks, into: sections(ofChapter: chapter).count)
        return (pieces, blocks.reduce(0) { $0 + TextSections.sourceBytes(of: $1) })
    }

    /// `blocks` shared out in order among `count` sections by their bytes: a block goes to the
    /// section its start falls in, so sections hold about equal text whatever the estimate was.
    static func shared(_ blocks: [Block], into count: Int) -> [[Block]] {
        guard count > 1 else { return [blocks] }
        let total = max(blocks.reduce(0) { $0 + TextSections.sourceBytes(of: $1) }, 1)
        var pieces = [[Block]](repeating: [], count: count)
        var before = 0
        for block in blocks {
            pieces[min(count - 1, before * count / total)].append(block)
            before += TextSections.sourceBytes(of: block)
        }
        return pieces
    }
}
