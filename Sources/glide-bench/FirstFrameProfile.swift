import ArchiveFixtures
import EPUBFixtures
import Glibc

/// `glide-bench first-frame DOCUMENT [COUNT]`: the first frames of one of the documents whose
/// first frames `glide-bench epub`, `comics` and `djvu` compare, for a profiler. The document
/// is written and one first frame drawn (fontconfig, pango and the kind's libraries start up)
/// before `measured` draws COUNT first frames, so under callgrind
/// `--toggle-collect='*FirstFrameProfile*measured*'` counts the instructions of the first
/// frames alone, which a loaded machine does not change as it changes their milliseconds.
/// What a first frame leaves to workers and helper processes is finished outside `measured`
/// between two of them. (`glide-bench epub-first-frame book|one-chapter|markdown` is the
/// same for the books.)
enum FirstFrameProfile {
    static let documents = ["book", "one-chapter", "markdown", "comic-10", "comic-10000", "comic-10-cbt", "comic-10000-cbt",
                            "djvu-1", "djvu-71"]
    static let usage = "usage: glide-bench first-frame \(documents.joined(separator: "|"))|FILE [COUNT] [--keep]"

    /// A book's first frame, timed as `glide-bench epub` times it (its chapters read on the
    /// worker waited for within).
    @inline(never) static func measured(book path: String) -> Double {
        RenderBenchmarks.firstFrameMilliseconds(path: path)
    }

    /// A comic's or a DjVu document's first frame, as `glide-bench comics` and `djvu` draw it.
    @inline(never) static func measured(_ path: String, paged: Bool, into buffer: OwnedBuffer) -> FirstFrame {
        FirstFrame(opening: path, paged: paged, into: buffer)
    }

    /// One line on standard error, and the exit `status`.
    private static func fail(_ message: String, status: Int32) -> Never {
        var line = message + "\n"
        line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(status)
    }

    /// `--keep` leaves the document written and says where: valgrind cannot run the DjVu
    /// fixture's `c44` and `djvm`, so a DjVu document is written first and profiled as a FILE
    /// (a `.cbz`, `.cbr`, `.cb7` or `.cbt` is shown paged, anything else in a column).
    static func run(arguments: [String]) {
        let keeps = arguments.contains("--keep")
        let arguments = arguments.filter { $0 != "--keep" }
        let count = arguments.count > 1 ? Int(arguments[1]) : 1
        guard let named = arguments.first, let count, count > 0 || keeps else { fail(usage, status: 2) }
        let which: String, path: String
        if documents.contains(named) {
            which = named
            path = writeDocument(which)
        } else if access(named, R_OK) == 0 {
            let comics = [".cbz", ".cbt", ".cbr", ".cb7"]
            which = comics.contains { named.hasSuffix($0) } ? "comic" : named.hasSuffix(".djvu") ? "djvu" : "book"
            path = named
        } else {
            fail(usage, status: 2)
        }
        if keeps { print("written: \(path)") }
        defer { if !keeps, path != named { unlink(path) } }
        guard count > 0 else { return }
        let isPaged = which.hasPrefix("comic") || which.hasPrefix("djvu")
        // The first one starts the libraries up, outside `measured`.
        let buffer = FirstFrame.makeBuffer()
        if isPaged {
            FirstFrame(opening: path, paged: which.hasPrefix("comic"), into: buffer).settle()
        } else {
            _ = RenderBenchmarks.firstFrameMilliseconds(path: path)
        }
        let milliseconds = (0..<count).map { _ -> Double in
            guard isPaged else { return measured(book: path) }
            let start = nowNanoseconds()
            let shown = measured(path, paged: which.hasPrefix("comic"), into: buffer)
            defer { shown.settle() }
            return RenderBenchmarks.milliseconds(since: start)
        }
        print("first frame of the \(named), median of \(count): \(RenderBenchmarks.rounded(RenderBenchmarks.median(milliseconds), 2)) ms")
    }

    /// Writes the document `which` names; the caller deletes it.
    private static func writeDocument(_ which: String) -> String {
        switch which {
        case "comic-10": return ComicBenchmarks.write(pages: 10)
        case "comic-10000": return ComicBenchmarks.write(pages: 10_000)
        case "comic-10-cbt": return ComicBenchmarks.write(pages: 10, format: .tar)
        case "comic-10000-cbt": return ComicBenchmarks.write(pages: 10_000, format: .tar)
        case "djvu-1": return DjVuBenchmarks.write(pages: 1)
        case "djvu-71": return DjVuBenchmarks.write(pages: 71)
        default: break
        }
        let chapters = EPUBBenchmarks.generatedChapters()
        let path = "/tmp/glide-bench-\(getpid())-\(which)" + (which == "markdown" ? ".md" : ".epub")
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
        return path
    }
}
