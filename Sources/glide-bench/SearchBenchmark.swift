import CSystem
import DocumentKit
import KindRegistry
import PDFKind
import TextKind
import Glibc
import Machinery
import PDFFixtures

/// `glide-bench search`: how fast find goes through a 100 MB Markdown file, against a plain
/// byte scan (`memmem` over the file's bytes, in memory) of the same file in the same run;
/// when the first match arrives; and the longest the frame loop spends taking results in. Then
/// find over a 300-page PDF against extracting its text alone (what find cannot avoid).
enum SearchBenchmark {
    /// A query that occurs in every chapter, with a Cyrillic one that folds (ё/е and case).
    static let queries = ["paper", "ГЛАВА 7"]

    static func run() {
        let path = GeneratedDocument.write(bytes: 100_000_000)
        defer { unlink(path) }
        guard let source = try? SourceBytes(path: path), case let document = TextDocument(path: path, source: source) else {
            print("glide-bench: cannot open the generated document")
            exit(1)
        }
        let bytes = readWhole(path)
        print("search over \(bytes.count / 1_000_000) MB of Markdown (\(document.sectionCount) sections)")
        // What find cannot avoid: parsing every section into the blocks it shows.
        let parseStart = nowNanoseconds()
        var blockCount = 0
        for section in 0..<document.sectionCount { blockCount += document.blocks(inSection: section).count }
        print("  parsing alone (every section into blocks): \(blockCount) blocks in "
            + "\(format(Double(nowNanoseconds() - parseStart) / 1e6)) ms")
        for query in queries {
            let scan = byteScan(bytes, for: Array(query.lowercased().utf8))
            let search = findAll { DocumentSearch(document: document, query: query, mailbox: $0) }
            let megabytes = Double(bytes.count) / 1e6
            let scanRate = megabytes / scan.seconds, searchRate = megabytes / search.seconds
            print("  \"\(query)\": \(search.count) matches in \(format(search.seconds * 1000)) ms "
                + "(\(format(searchRate)) MB/s); first match after \(format(search.firstMilliseconds)) ms")
            print("    results taken in on the loop: \(search.deliveries.count) deliveries, median "
                + "\(format(search.deliveries.percentile(0.5))) ms, 99th percentile \(format(search.deliveries.percentile(0.99))) ms, "
                + "longest \(format(search.deliveries.percentile(1))) ms")
            print("    byte scan (memmem, exact bytes): \(scan.count) in \(format(scan.seconds * 1000)) ms "
                + "(\(format(scanRate)) MB/s); find takes \(format(scanRate / searchRate))× the byte scan's time")
        }
    }

    /// Find over a PDF of 300 text-dense pages (56 lines each) against `PDFFile.text(in: .all)`,
    /// poppler's text of every page read in one go on one thread, in the same run.
    static func runPDF() {
        var fixture = PDFFixture(pageCount: 300)
        fixture.bodyLines[250] = ["Ёлка, a word found once."]
        let path = fixture.write()
        defer { unlink(path) }
        guard let file = try? PDFFile(path: path), (try? file.waitUntilOpened()) != nil, let pageCount = file.pageCount else {
            print("glide-bench: cannot open the generated PDF")
            exit(1)
        }
        let extractStart = nowNanoseconds()
        let text = file.text(in: .all)
        let extractSeconds = Double(nowNanoseconds() - extractStart) / 1e9
        print("search over a \(pageCount)-page PDF (\(text.utf8.count / 1000) KB of text)")
        print("  text extraction alone (poppler, every page): \(format(extractSeconds * 1000)) ms")
        for query in ["quick brown", "ЕЛКА"] {
            let search = findAll { DocumentSearch(pdf: file, query: query, mailbox: $0) }
            print("  \"\(query)\": \(search.count) matches in \(format(search.seconds * 1000)) ms; first match after "
                + "\(format(search.firstMilliseconds)) ms; find takes \(format(search.seconds / extractSeconds))× the extraction's time")
            print("    results taken in on the loop: \(search.deliveries.count) deliveries, longest "
                + "\(format(search.deliveries.percentile(1))) ms")
        }
    }

    /// Runs a search to the end as the app would, delivering on this thread.
    private static func findAll(_ makeSearch: (MainThreadMailbox) -> DocumentSearch)
        -> (count: Int, seconds: Double, firstMilliseconds: Double, deliveries: [Double]) {
        let mailbox = MainThreadMailbox()
        let start = nowNanoseconds()
        var first: UInt64?
        var deliveries: [Double] = []
        let search = makeSearch(mailbox)
        var descriptor = pollfd(fd: mailbox.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while !search.isComplete {
            _ = poll(&descriptor, 1, 1000)
            let before = nowNanoseconds()
            if mailbox.deliverPending() > 0 { deliveries.append(Double(nowNanoseconds() - before) / 1e6) }
            if first == nil, search.count > 0 { first = nowNanoseconds() }
        }
        let end = nowNanoseconds()
        return (search.count, Double(end - start) / 1e9, Double((first ?? end) - start) / 1e6, deliveries)
    }

    private static func byteScan(_ bytes: [UInt8], for needle: [UInt8]) -> (count: Int, seconds: Double) {
        let start = nowNanoseconds()
        var count = 0
        bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { pattern in
                var offset = 0
                while let hit = glide_memmem(haystack.baseAddress! + offset, haystack.count - offset,
                                                   pattern.baseAddress!, pattern.count) {
                    count += 1
                    offset = haystack.baseAddress!.distance(to: UnsafeRawPointer(hit)) + pattern.count
                }
            }
        }
        return (count, Double(nowNanoseconds() - start) / 1e9)
    }

    private static func readWhole(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count <= 0 { break }
            bytes += chunk.prefix(count)
        }
        return bytes
    }

    fileprivate static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return "\(rounded)"
    }
}

extension [Double] {
    /// The value below which `share` (0…1) of the values lie (nearest rank); 0 when empty.
    func percentile(_ share: Double) -> Double {
        guard !isEmpty else { return 0 }
        let sorted = self.sorted()
        return sorted[Swift.min(sorted.count - 1, Int((share * Double(sorted.count - 1)).rounded(.up)))]
    }
}
