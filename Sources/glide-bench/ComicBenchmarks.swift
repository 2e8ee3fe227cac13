import ArchiveFixtures
import DocumentKit
import Glibc
import ImageKind
import KindRegistry
import Machinery
import Render
import ScrollEngine

/// `glide-bench comics`: issue 25's first frames of comic archives, a 10,000-page CBZ against a
/// 10-page one, and a 10,000-page CBT against a 10-page one, measured in the same run. The
/// archives are written with libarchive's writers (ArchiveFixtures) and deleted afterwards.
enum ComicBenchmarks {
    /// The page's size, in px: a comic scan at 150 dpi.
    static let pageWidth: Int32 = 1000, pageHeight: Int32 = 1500

    /// A CBZ (or with `format` `.tar`, a CBT) of `pages` pages in /tmp, its pages
    /// `pages/page1.png`… (one PNG, stored again and again): the caller deletes it.
    static func write(pages: Int, format: ArchiveFormat = .zip) -> String {
        let page = TestImages.redPNG(width: pageWidth, height: pageHeight, red: 0.9, green: 0.5, blue: 0.2)
        let path = "/tmp/glide-bench-comic-\(getpid())-\(pages)" + (format == .tar ? ".cbt" : ".cbz")
        do {
            try ArchiveWriter.write((1...pages).map { ArchiveEntry("pages/page\($0).png", bytes: page) }, to: path, format: format)
        } catch {
            fatalError("cannot write \(path): \(error)")
        }
        return path
    }

    static func run() {
        run(format: .zip)
        run(format: .tar)
    }

    private static func run(format: ArchiveFormat) {
        let ten = write(pages: 10, format: format), tenThousand = write(pages: 10_000, format: format)
        defer { unlink(ten); unlink(tenThousand) }
        let name = format == .tar ? "CBT" : "CBZ"

        _ = firstFrames(path: ten)  // the decoder's program and the fonts start up once
        let runs10 = (0..<9).map { _ in firstFrames(path: ten) }, runs10000 = (0..<9).map { _ in firstFrames(path: tenThousand) }
        let frame10 = RenderBenchmarks.median(runs10.map(\.frame)), frame10000 = RenderBenchmarks.median(runs10000.map(\.frame))
        let cpu10 = RenderBenchmarks.median(runs10.map(\.frameCPU)), cpu10000 = RenderBenchmarks.median(runs10000.map(\.frameCPU))
        let shown10 = RenderBenchmarks.median(runs10.map(\.pageShown)), shown10000 = RenderBenchmarks.median(runs10000.map(\.pageShown))
        let ordered10000 = RenderBenchmarks.median(runs10000.map(\.ordered))
        let size10 = fileSize(ten), size10000 = fileSize(tenThousand)
        print("glide-bench comics: \(name)s of \(pageWidth)x\(pageHeight) PNG pages written by libarchive "
            + "(\(RenderBenchmarks.rounded(size10 / 1e6, 2)) MB and \(RenderBenchmarks.rounded(size10000 / 1e6, 1)) MB), "
            + "1280x800 logical px at scale 1, medians of 9")
        let opening = format == .tar
            ? "up to 32 headers listed within 256 KB read and the first page's decode asked for, more left to a worker"
            : "the zip's end record read; a directory of up to 4 KB listed and the first page's decode asked for, a longer one "
            + "left to a worker"
        print("first frame (wall clock from opening the file to the frame drawn, the window's buffer made before: \(opening) "
            + "and a placeholder page drawn) 10 pages \(RenderBenchmarks.rounded(frame10, 2)) ms, 10000 pages "
            + "\(RenderBenchmarks.rounded(frame10000, 2)) ms: 10000/10 = \(RenderBenchmarks.rounded(frame10000 / frame10, 2))× (goal ≤ 1.5×)")
        print("  the loop thread's CPU time to that frame (what other processes of a shared machine take is not in it) 10 pages "
            + "\(RenderBenchmarks.rounded(cpu10, 2)) ms, 10000 pages \(RenderBenchmarks.rounded(cpu10000, 2)) ms: "
            + "10000/10 = \(RenderBenchmarks.rounded(cpu10000 / cpu10, 2))×")
        print("first page shown (to the frame that draws the first page decoded by glide-image-decoder, after the listing "
            + "where a worker made it) 10 pages "
            + "\(RenderBenchmarks.rounded(shown10, 2)) ms, 10000 pages \(RenderBenchmarks.rounded(shown10000, 2)) ms: "
            + "10000/10 = \(RenderBenchmarks.rounded(shown10000 / shown10, 2))×")
        print("10000 pages listed and put in natural order on workers, arrived through the mailbox, "
            + "\(RenderBenchmarks.rounded(ordered10000, 1)) ms from the open")
    }

    /// Opening a comic as `glide` does and drawing frames: the first (the page's decode asked
    /// for, a placeholder drawn), then the one that shows the decoded page; ms of wall clock
    /// from the open (and the loop thread's CPU time to the first), and to the pages' order
    /// arriving from the worker. The next run starts once the order has arrived, so no run's
    /// open shares the machine with the last one's sort.
    private static func firstFrames(path: String) -> (frame: Double, frameCPU: Double, pageShown: Double, ordered: Double) {
        let buffer = FirstFrame.makeBuffer()
        let start = nowNanoseconds(), startCPU = PDFBenchmarks.threadMilliseconds()
        let shown = FirstFrame(opening: path, paged: true, into: buffer)
        let frame = RenderBenchmarks.milliseconds(since: start), frameCPU = PDFBenchmarks.threadMilliseconds() - startCPU
        guard let comic = shown.layout as? ImageCollectionLayout else { fatalError("\(path) is not a collection") }
        // The first page's preview decoded, and its neighbours' that the frame asked for too.
        shown.drawUntil { comic.isMeasured(0) && !comic.images.isDecoding }
        let pageShown = RenderBenchmarks.milliseconds(since: start)
        shown.settle()
        return (frame, frameCPU, pageShown, RenderBenchmarks.milliseconds(since: start))
    }

    private static func fileSize(_ path: String) -> Double {
        var status = stat()
        return stat(path, &status) == 0 ? Double(status.st_size) : 0
    }
}
