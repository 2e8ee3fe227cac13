import ArchiveFixtures
import EPUBFixtures
import Glibc

/// Scratch harness for callgrind (not committed): `glide-bench probe-epub MODE N`.
enum ProbeEPUB {
    @inline(never) static func measured(_ body: () -> Void) {
        var t0 = timespec(), t1 = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0)
        let w0 = nowNanoseconds()
        body()
        let w1 = nowNanoseconds()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1)
        let cpu = Double(t1.tv_sec - t0.tv_sec) * 1000 + Double(t1.tv_nsec - t0.tv_nsec) / 1e6
        print("threadcpu_ms \(cpu) wall_ms \(Double(w1 - w0) / 1e6)")
    }

    static func run(_ args: [String]) {
        let mode = args.first ?? "", n = args.count > 1 ? Int(args[1])! : 1
        let chapters = EPUBBenchmarks.generatedChapters()
        let directory = temporaryDirectory()
        defer { removeDirectory(directory) }
        let book = directory + "/book.epub", single = directory + "/one-chapter.epub", markdown = directory + "/book.md"
        let entries = GeneratedBook.entries(title: "A Benchmark Book", chapters: chapters.map(BookChapter.init))
        try! ArchiveWriter.write(entries, to: book)
        try! GeneratedBook.write(title: "One Chapter", chapters: [BookChapter(chapters[0])], to: single)
        writeFile(markdown, GeneratedBook.markdown(title: "A Benchmark Book", chapters: chapters))
        _ = RenderBenchmarks.firstFrameMilliseconds(path: single)
        let path = mode == "book" ? book : mode == "single" ? single : markdown
        _ = RenderBenchmarks.firstFrameMilliseconds(path: path)
        if mode == "cpu" {
            for p in [book, single, markdown] {
                var costs: [Double] = []
                for _ in 0..<n {
                    var t0 = timespec(), t1 = timespec()
                    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0)
                    _ = RenderBenchmarks.firstFrameMilliseconds(path: p)
                    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1)
                    costs.append(Double(t1.tv_sec - t0.tv_sec) * 1000 + Double(t1.tv_nsec - t0.tv_nsec) / 1e6)
                }
                print(p, "thread cpu median", RenderBenchmarks.median(costs))
            }
            return
        }
        measured { for _ in 0..<n { _ = RenderBenchmarks.firstFrameMilliseconds(path: path) } }
    }
}
