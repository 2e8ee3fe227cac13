import ArchiveFixtures
import DocumentKit
import EPUBFixtures
import Glibc
import KindRegistry
import Machinery
import Render
import ScrollEngine
import TextKind

/// `glide-bench epub` (issue 24): a book against the same text in one chapter and as
/// Markdown, within one run. The books are written here (`GeneratedBook`): 300 chapters of
/// plain paragraphs, 5 MB of XHTML.
/// - the first frame (open, layout, prepare and draw of the first 1280×800 viewport, as
///   `glide-bench render` measures Markdown's) of the book against a one-chapter book's
///   (goal ≤ 2×) and against the same text as a Markdown file's (goal ≤ 1.5×);
/// - anonymous memory after scrolling the whole book against the first frame's, per byte
///   of the book's text (goal ≤ 2);
/// - a 5,000 px/s fling through chapter boundaries: the frames whose loop CPU (mailbox
///   deliveries, prepare and draw) passes 8 ms and the largest, beside the Markdown's.
enum EPUBBenchmarks {
    static let chapterCount = 300
    static let bookBytes = 5_000_000
    /// Half a 60 Hz frame: a frame whose loop work passes it leaves the compositor too little.
    static let slowFrameMilliseconds = 8.0
    static let flingPixelsPerSecond = 5000.0
    /// Six seconds at 60 Hz: 30,000 px, several chapters' starts.
    static let flingFrames = 360

    struct Fling {
        var slowFrames: Int
        var slowestMilliseconds: Double
        var chapterStartsPassed: Int
    }

    static func run() {
        let chapters = generatedChapters()
        let directory = temporaryDirectory()
        defer { removeDirectory(directory) }
        let book = directory + "/book.epub", single = directory + "/one-chapter.epub", markdown = directory + "/book.md"
        let entries = GeneratedBook.entries(title: "A Benchmark Book", chapters: chapters.map(BookChapter.init))
        do {
            try ArchiveWriter.write(entries, to: book)
            try GeneratedBook.write(title: "One Chapter", chapters: [BookChapter(chapters[0])], to: single)
        } catch {
            fatalError("cannot write the books: \(error)")
        }
        writeFile(markdown, GeneratedBook.markdown(title: "A Benchmark Book", chapters: chapters))
        let textBytes = entries.filter { $0.name.hasPrefix("OEBPS/c") }.reduce(0) { $0 + $1.size }

        _ = RenderBenchmarks.firstFrameMilliseconds(path: single)  // fontconfig and pango start up once
        func firstFrame(_ path: String) -> Double {
            RenderBenchmarks.median((0..<9).map { _ in RenderBenchmarks.firstFrameMilliseconds(path: path) })
        }
        let (bookFirst, singleFirst, markdownFirst) = (firstFrame(book), firstFrame(single), firstFrame(markdown))
        let markdownBytes = GeneratedBook.markdown(title: "A Benchmark Book", chapters: chapters).utf8.count
        let memoryPerByte = memoryInFreshProcess(path: book, textBytes: textBytes)
        let markdownMemoryPerByte = memoryInFreshProcess(path: markdown, textBytes: markdownBytes)
        let bookFling = fling(path: book), markdownFling = fling(path: markdown)

        let r = RenderBenchmarks.rounded
        print("glide-bench epub: a book of \(chapterCount) chapters, \(r(Double(textBytes) / 1_000_000, 1)) MB of XHTML, "
            + "1280x800 logical px, medians of 9")
        print("first frame   book \(r(bookFirst, 2)) ms, one-chapter book \(r(singleFirst, 2)) ms: "
            + "\(r(bookFirst / singleFirst, 2))× (goal ≤ 2×)")
        print("first frame   book \(r(bookFirst, 2)) ms, the same text as Markdown \(r(markdownFirst, 2)) ms: "
            + "\(r(bookFirst / markdownFirst, 2))× (goal ≤ 1.5×)")
        print("anonymous memory after scrolling the whole book, less the first frame's, per byte of text: "
            + "\(r(memoryPerByte, 2)) (goal ≤ 2); the Markdown's, per byte of its text: \(r(markdownMemoryPerByte, 2))")
        print("fling at \(Int(flingPixelsPerSecond)) px/s, frames over \(Int(slowFrameMilliseconds)) ms of loop CPU: "
            + "book \(bookFling.slowFrames) (slowest \(r(bookFling.slowestMilliseconds, 2)) ms, "
            + "\(bookFling.chapterStartsPassed) chapter starts passed), "
            + "Markdown \(markdownFling.slowFrames) (slowest \(r(markdownFling.slowestMilliseconds, 2)) ms), of \(flingFrames - 2)")
    }

    /// About `bookBytes` of plain paragraphs in `chapterCount` chapters, no two paragraphs alike.
    static func generatedChapters() -> [(title: String, paragraphs: [String])] {
        let paragraphBytes = 400
        let perChapter = bookBytes / chapterCount / (paragraphBytes + 8)
        return (1...chapterCount).map { chapter in
            (title: "Chapter \(chapter)", paragraphs: (0..<perChapter).map { paragraph in
                var text = ""
                var sentence = 0
                while text.utf8.count < paragraphBytes {
                    text += "Sentence \(sentence) of paragraph \(paragraph) in chapter \(chapter) moves gently under a finger, "
                        + "like paper on a desk. "
                    sentence += 1
                }
                return text
            })
        }
    }

    /// `anonymousBytesPerTextByteAfterScrolling` in a new glide-bench process (`glide-bench
    /// epub-memory PATH BYTES`): resident memory never shrinks, so in this one whatever was
    /// measured before would have left room the next measurement reuses unseen.
    static func memoryInFreshProcess(path: String, textBytes: Int) -> Double {
        let executable = (try? readLink("/proc/self/exe")) ?? CommandLine.arguments[0]
        guard let pipe = popen("'\(executable)' epub-memory '\(path)' \(textBytes)", "r") else { return .nan }
        var line = [CChar](repeating: 0, count: 64)
        let read = fgets(&line, Int32(line.count), pipe) != nil
        pclose(pipe)
        return read ? Double(String(cString: line).trimmingCharacters(in: " \n")) ?? .nan : .nan
    }

    /// For `glide-bench epub-memory PATH BYTES`: prints the figure alone.
    static func printMemory(arguments: [String]) {
        guard arguments.count == 2, let bytes = Int(arguments[1]) else { fatalError("usage: glide-bench epub-memory PATH BYTES") }
        print(anonymousBytesPerTextByteAfterScrolling(path: arguments[0], textBytes: bytes))
    }

    /// The app's frames at the viewport's every height down the whole book, each drawn until
    /// its layout is complete: anonymous memory then, less the first frame's, per text byte.
    static func anonymousBytesPerTextByteAfterScrolling(path: String, textBytes: Int) -> Double {
        let loop = FrameLoop(path: path)
        /// Frames until the view is whole, chapters read, then what the app does once a frame
        /// comes to rest: the tiles not shown go and the heap gives its free memory back.
        func drawUntilAtRest() {
            repeat {
                MainThreadMailbox.shared.deliver(while: { loop.layout.isReadingContent }, timeoutSeconds: 30)
                loop.drawFrame(timeMilliseconds: Double(loop.frame) * 16)
            } while loop.layout.hasPendingLayout || loop.layout.isReadingContent
            loop.comeToRest()
        }
        drawUntilAtRest()
        let first = RenderBenchmarks.anonymousResidentMegabytes()
        var offset = 0.0
        while offset < loop.view.offsetBounds(.vertical).upperBound {
            offset = min(offset + 800, loop.view.offsetBounds(.vertical).upperBound)
            loop.view.scroll(to: LogicalPoint(x: 0, y: offset), animated: false, timeMilliseconds: Double(loop.frame) * 16)
            repeat {
                MainThreadMailbox.shared.deliver(while: { loop.layout.isReadingContent }, timeoutSeconds: 30)
                loop.drawFrame(timeMilliseconds: Double(loop.frame) * 16)
            } while loop.layout.hasPendingLayout || loop.layout.isReadingContent
        }
        loop.comeToRest()
        let after = RenderBenchmarks.anonymousResidentMegabytes()
        return (after - first) * 1_048_576 / Double(textBytes)
    }

    /// `flingFrames` frames at 60 Hz, paced by the wall clock as frame callbacks pace the app,
    /// scrolling at `flingPixelsPerSecond`: each frame delivers what workers posted to the
    /// loop, then prepares and draws; its thread CPU is the loop's cost.
    private static func fling(path: String) -> Fling {
        let loop = FrameLoop(path: path)
        var result = Fling(slowFrames: 0, slowestMilliseconds: 0, chapterStartsPassed: 0)
        let start = nowNanoseconds()
        for frame in 0..<flingFrames {
            let time = Double(frame) * PDFBenchmarks.framePeriodMilliseconds
            while RenderBenchmarks.milliseconds(since: start) < time { usleep(500) }
            loop.view.scroll(to: LogicalPoint(x: 0, y: Double(frame) * flingPixelsPerSecond / 60), animated: false,
                             timeMilliseconds: time)
            let cost = loop.drawFrame(timeMilliseconds: time)
            // The first two frames draw into buffers never drawn before, as in `glide-bench render`.
            guard frame >= 2 else { continue }
            if cost > slowFrameMilliseconds { result.slowFrames += 1 }
            result.slowestMilliseconds = max(result.slowestMilliseconds, cost)
        }
        // Chapters are about equally long: the distance flung in chapters' heights.
        let chapterHeight = loop.layout.contentSize.height / Double(chapterCount)
        result.chapterStartsPassed = Int(Double(flingFrames - 1) * flingPixelsPerSecond / 60 / chapterHeight)
        return result
    }
}

/// A document as the app shows it in a 1280×800 window: its layout, a renderer, two buffers
/// drawn in turn and the scroll view.
private final class FrameLoop {
    let document: any LoadedDocument
    let layout: any ContentLayout
    var view: ScrollView
    private(set) var frame = 0
    private let renderer = FrameRenderer()
    private let buffers = [OwnedBuffer(width: 1280, height: 800, scale: 1), OwnedBuffer(width: 1280, height: 800, scale: 1)]
    private var contents: [BufferContents?] = [nil, nil]

    init(path: String) {
        guard let document = try? KindRegistry.open(path) else { fatalError("cannot open \(path)") }
        self.document = document
        layout = document.makeLayout(palette: .light, paged: false)
        view = RenderBenchmarks.viewAtTop(of: layout)
    }

    /// What the app does once a frame comes to rest (`ViewerApp`): the tiles it does not show
    /// go, and the heap gives back its free memory.
    func comeToRest() {
        renderer.tiles.releaseTilesNotShown()
        HeapMemory.releaseFreeMemory()
    }

    /// One frame of the loop at the view's offset: what workers posted is delivered, then the
    /// frame is prepared and drawn, and the view takes the content's new size. Returns the
    /// loop thread's CPU time for it in ms.
    @discardableResult
    func drawFrame(timeMilliseconds: Double) -> Double {
        let index = frame % 2
        let begin = PDFBenchmarks.threadMilliseconds()
        MainThreadMailbox.shared.deliverPending()
        let rendered = renderer.render(layout, frame: view.frame, into: buffers[index].pixels, showing: contents[index])
        let cost = PDFBenchmarks.threadMilliseconds() - begin
        contents[index] = buffers[index].keep(rendered)
        if rendered.contentSize.height != view.contentSize.height || rendered.contentSize.width != view.contentSize.width {
            view.setContentSize(LogicalSize(width: rendered.contentSize.width, height: rendered.contentSize.height),
                                timeMilliseconds: timeMilliseconds)
        }
        frame += 1
        return cost
    }
}

extension BookChapter {
    init(_ chapter: (title: String, paragraphs: [String])) {
        self.init(title: chapter.title, paragraphs: chapter.paragraphs)
    }
}

/// A new directory under /tmp for the benchmark's files.
func temporaryDirectory() -> String {
    var template = Array("/tmp/glide-bench-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
        fatalError("cannot create a temporary directory")
    }
    return String(cString: template)
}

/// Removes `directory` and the files in it (no subdirectories).
func removeDirectory(_ directory: String) {
    guard let listing = opendir(directory) else { return }
    while let entry = readdir(listing) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if name != "." && name != ".." { unlink(directory + "/" + name) }
    }
    closedir(listing)
    rmdir(directory)
}

/// Writes `text` to a new file at `path`.
func writeFile(_ path: String, _ text: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0, "cannot create \(path)")
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        precondition(count > 0, "cannot write \(path)")
        written += count
    }
    close(fd)
}

/// Where the symbolic link at `path` points.
func readLink(_ path: String) throws -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { throw SystemError(code: errno) }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

struct SystemError: Error { let code: Int32 }

private extension String {
    func trimmingCharacters(in characters: String) -> String {
        var text = Substring(self)
        while let last = text.last, characters.contains(last) { text = text.dropLast() }
        while let first = text.first, characters.contains(first) { text = text.dropFirst() }
        return String(text)
    }
}
