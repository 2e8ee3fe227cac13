import ArchiveFixtures
import EPUBFixtures
import Glibc

/// `glide-bench epub-first-frame book|one-chapter|markdown [COUNT]`: the first frames of one of
/// `glide-bench epub`'s three documents, for a profiler. The documents are written and one
/// first frame drawn (fontconfig and pango start up) before `measured` runs COUNT first frames,
/// so under callgrind `--toggle-collect='*EPUBFirstFrameProfile*measured*'` counts the
/// instructions of the first frames alone, which a loaded machine does not change as it
/// changes their milliseconds.
enum EPUBFirstFrameProfile {
    static let usage = "usage: glide-bench epub-first-frame book|one-chapter|markdown [COUNT]"

    @inline(never) static func measured(_ path: String, count: Int) -> Double {
        RenderBenchmarks.median((0..<count).map { _ in RenderBenchmarks.firstFrameMilliseconds(path: path) })
    }

    /// One line on standard error, and the exit `status`.
    private static func fail(_ message: String, status: Int32) -> Never {
        var line = message + "\n"
        line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(status)
    }

    static func run(arguments: [String]) {
        let count = arguments.count > 1 ? Int(arguments[1]) : 1
        guard let which = arguments.first, ["book", "one-chapter", "markdown"].contains(which), let count, count > 0 else {
            fail(usage, status: 2)
        }
        let chapters = EPUBBenchmarks.generatedChapters()
        let directory = temporaryDirectory()
        defer { removeDirectory(directory) }
        let path = directory + "/" + which + (which == "markdown" ? ".md" : ".epub")
        do {
            switch which {
            case "book":
                try GeneratedBook.write(title: "A Benchmark Book", chapters: chapters.map(BookChapter.init), to: path)
            case "one-chapter":
                try GeneratedBook.write(title: "One Chapter", chapters: [BookChapter(chapters[0])], to: path)
            default:
                writeFile(path, GeneratedBook.markdown(title: "A Benchmark Book", chapters: chapters))
            }
        } catch {
            fail("glide-bench: cannot write the \(which): \(error)", status: 1)
        }
        _ = RenderBenchmarks.firstFrameMilliseconds(path: path)
        print("first frame of the \(which), median of \(count): \(RenderBenchmarks.rounded(measured(path, count: count), 2)) ms")
    }
}
