import DjVuFixtures
import DjVuKind
import DocumentKit
import Glibc
import KindRegistry
import Machinery
import Render
import ScrollEngine

/// `glide-bench djvu`: issue 25's first frames of DjVu documents, a 71-page one against a
/// 1-page one made of the same page, measured in the same run. The documents are made by
/// djvulibre-bin's `c44` and `djvm` (DjVuFixtures) and deleted afterwards.
enum DjVuBenchmarks {
    /// The page: a Letter scan at 300 dpi (2550×3300 px), photographic (`c44`), with blocks of
    /// ink where a page of text would have its paragraphs.
    static let page = DjVuFixture.Page(width: 2550, height: 3300,
                                       ink: (0..<12).map { (300, 300 + $0 * 240, 1950, 120) })

    /// A bundled document of `pages` copies of `page` in /tmp: the caller deletes it.
    static func write(pages: Int) -> String {
        let path = "/tmp/glide-bench-djvu-\(getpid())-\(pages).djvu"
        do {
            try DjVuFixture.write(page, copies: pages, to: path)
        } catch {
            fatalError("cannot write \(path): \(error)")
        }
        return path
    }

    static func run() {
        let one = write(pages: 1), seventyOne = write(pages: 71)
        defer { unlink(one); unlink(seventyOne) }

        _ = firstFrames(path: one)  // DjVuLibre, the fonts, the workers and the renderers start up once
        let runs1 = (0..<9).map { _ in firstFrames(path: one) }, runs71 = (0..<9).map { _ in firstFrames(path: seventyOne) }
        let frame1 = RenderBenchmarks.median(runs1.map(\.frame)), frame71 = RenderBenchmarks.median(runs71.map(\.frame))
        let shown1 = RenderBenchmarks.median(runs1.map(\.pageShown)), shown71 = RenderBenchmarks.median(runs71.map(\.pageShown))
        let measured71 = RenderBenchmarks.median(runs71.map(\.measured))
        print("glide-bench djvu: bundled DjVu documents of one \(page.width)x\(page.height) px c44 page at 300 dpi "
            + "(\(RenderBenchmarks.rounded(fileSize(one) / 1e3, 1)) KB) and of 71 copies of it "
            + "(\(RenderBenchmarks.rounded(fileSize(seventyOne) / 1e6, 2)) MB), 1280x800 logical px at scale 1, medians of 9")
        print("first frame (wall clock from opening the file to the frame drawn: the directory read, page 1 measured, "
            + "its pixels asked for, a placeholder drawn) 1 page \(RenderBenchmarks.rounded(frame1, 2)) ms, 71 pages "
            + "\(RenderBenchmarks.rounded(frame71, 2)) ms: 71/1 = \(RenderBenchmarks.rounded(frame71 / frame1, 2))× (goal ≤ 2×)")
        print("first page shown (to the frame that draws page 1 sharp, drawn by a glide-page-renderer process) 1 page "
            + "\(RenderBenchmarks.rounded(shown1, 2)) ms, 71 pages \(RenderBenchmarks.rounded(shown71, 2)) ms: "
            + "71/1 = \(RenderBenchmarks.rounded(shown71 / shown1, 2))×")
        print("71 pages' sizes read on the DjVu worker in Glide's process, arrived through the mailbox, "
            + "\(RenderBenchmarks.rounded(measured71, 1)) ms from the open")
    }

    /// Opening a DjVu document as `glide` does and drawing frames: the first, then the one
    /// that shows page 1 sharp; ms of wall clock from the open, and to every page's size
    /// arriving. The next run starts once the sizes have arrived and the workers are stopped.
    private static func firstFrames(path: String) -> (frame: Double, pageShown: Double, measured: Double) {
        let buffer = FirstFrame.makeBuffer()
        let start = nowNanoseconds()
        let shown = FirstFrame(opening: path, paged: false, into: buffer)
        let frame = RenderBenchmarks.milliseconds(since: start)
        guard let djvu = shown.layout as? DjVuLayout else { fatalError("\(path) is not a DjVu document") }
        shown.drawUntil { djvu.isSharp }
        let pageShown = RenderBenchmarks.milliseconds(since: start)
        MainThreadMailbox.shared.deliver(while: { !djvu.hasAllSizes }, timeoutSeconds: 30)
        return (frame, pageShown, RenderBenchmarks.milliseconds(since: start))
    }

    private static func fileSize(_ path: String) -> Double {
        var status = stat()
        return stat(path, &status) == 0 ? Double(status.st_size) : 0
    }
}
