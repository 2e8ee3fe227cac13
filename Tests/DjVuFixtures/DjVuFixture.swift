import CCairo
import Foundation
import TestSupport

/// DjVu documents made at test time with djvulibre-bin's own tools (never committed): pages
/// encoded by `c44` (photographic, from a PPM written here) or `cjb2` (bitonal, from a PBM),
/// bundled by `djvm -c`, made indirect by `djvmcvt -i`, and given a hidden text layer, an
/// outline and hyperlinks by `djvused`. So Glide reads files from an independent producer.
public enum DjVuFixture {
    /// A word of a page's hidden text and its box, in page pixels from the top-left.
    public struct Word: Sendable {
        public var text: String
        public var x: Int, y: Int, width: Int, height: Int

        public init(_ text: String, x: Int, y: Int, width: Int, height: Int) {
            (self.text, self.x, self.y, self.width, self.height) = (text, x, y, width, height)
        }
    }

    /// A link on a page: its box in page pixels from the top-left, and its address (`#3`, or a URL).
    public struct Link: Sendable {
        public var address: String
        public var x: Int, y: Int, width: Int, height: Int

        public init(_ address: String, x: Int, y: Int, width: Int, height: Int) {
            (self.address, self.x, self.y, self.width, self.height) = (address, x, y, width, height)
        }
    }

    /// One page: white with black boxes where `ink` says (page pixels from the top-left),
    /// its words (printed in their boxes when `printsWords`, as a scan's OCR text lies over
    /// the printed words) and links.
    public struct Page: Sendable {
        public var width: Int
        public var height: Int
        public var ink: [(x: Int, y: Int, width: Int, height: Int)]
        /// Bitonal (`cjb2`) rather than photographic (`c44`).
        public var isBitonal: Bool
        public var words: [Word]
        public var links: [Link]
        public var printsWords: Bool

        public init(width: Int = 850, height: Int = 1100, ink: [(x: Int, y: Int, width: Int, height: Int)] = [],
                    isBitonal: Bool = false, words: [Word] = [], links: [Link] = [], printsWords: Bool = false) {
            (self.width, self.height, self.ink, self.isBitonal, self.words, self.links) = (width, height, ink, isBitonal, words, links)
            self.printsWords = printsWords
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case tool(String, String)
        public var description: String {
            if case .tool(let name, let output) = self { return "\(name) failed: \(output)" }
            return ""
        }
    }

    /// The resolution pages are encoded at: 100 dpi, so a 850×1100 page is Letter size.
    public static let dotsPerInch = 100

    /// Writes a bundled document of `pages` (each page its own file inside) at `path`, with
    /// `outline` (titles and 1-based page numbers) and page titles (by 1-based page) when given.
    public static func write(_ pages: [Page], outline: [(title: String, page: Int)] = [], pageTitles: [Int: String] = [:],
                             to path: String) throws {
        let folder = NSTemporaryDirectory() + "glide-djvu-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [String] = []
        for (index, page) in pages.enumerated() {
            let file = "\(folder)/p\(String(format: "%04d", index + 1)).djvu"
            try encode(page, to: file, folder: folder)
            files.append(file)
        }
        if files.count == 1 {
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.copyItem(atPath: files[0], toPath: path)
        } else {
            try run("/usr/bin/djvm", ["-c", path] + files)
        }
        var script = ""
        for (index, page) in pages.enumerated() {
            if !page.words.isEmpty {
                let text = "\(folder)/text\(index)"
                try textLayer(page).write(toFile: text, atomically: true, encoding: .utf8)
                script += "select \(index + 1); set-txt \(text); "
            }
            if !page.links.isEmpty {
                let annotations = "\(folder)/ant\(index)"
                try page.links.map { link in
                    "(maparea \(quoted(link.address)) \"\" (rect \(link.x) \(page.height - link.y - link.height) \(link.width) \(link.height)))"
                }.joined(separator: "\n").write(toFile: annotations, atomically: true, encoding: .utf8)
                script += "select \(index + 1); set-ant \(annotations); "
            }
        }
        for (page, title) in pageTitles.sorted(by: { $0.key < $1.key }) {
            script += "select \(page); set-page-title \(quoted(title)); "
        }
        if !outline.isEmpty {
            let file = "\(folder)/outline"
            let entries = outline.map { "(\(quoted($0.title)) \"#\($0.page)\")" }.joined(separator: " ")
            try "(bookmarks \(entries))".write(toFile: file, atomically: true, encoding: .utf8)
            script += "select; set-outline \(file); "
        }
        if !script.isEmpty { try run("/usr/bin/djvused", [path, "-e", script, "-s"]) }
    }

    /// Writes a bundled document of `count` copies of `page`, encoded once (for benchmarks of
    /// long documents, where encoding each page would take minutes).
    public static func write(_ page: Page, copies count: Int, to path: String) throws {
        let folder = NSTemporaryDirectory() + "glide-djvu-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = "\(folder)/p0001.djvu"
        try encode(page, to: first, folder: folder)
        guard count > 1 else {
            try? FileManager.default.removeItem(atPath: path)
            return try FileManager.default.copyItem(atPath: first, toPath: path)
        }
        var files = [first]
        for index in 2...count {
            let file = "\(folder)/p\(String(format: "%04d", index)).djvu"
            try FileManager.default.copyItem(atPath: first, toPath: file)
            files.append(file)
        }
        try run("/usr/bin/djvm", ["-c", path] + files)
    }

    /// Makes the bundled document at `bundle` indirect: `index.djvu` and a file per page in
    /// `folder`; returns the index's path.
    public static func writeIndirect(from bundle: String, into folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try run("/usr/bin/djvmcvt", ["-i", bundle, folder, "index.djvu"])
        return folder + "/index.djvu"
    }

    private static func encode(_ page: Page, to file: String, folder: String) throws {
        let grey = greyPixels(of: page)
        if page.isBitonal {
            var bytes = Data("P4\n\(page.width) \(page.height)\n".utf8)
            let rowBytes = (page.width + 7) / 8
            for y in 0..<page.height {
                var row = [UInt8](repeating: 0, count: rowBytes)
                for x in 0..<page.width where grey[y * page.width + x] < 128 { row[x / 8] |= 0x80 >> UInt8(x % 8) }
                bytes.append(contentsOf: row)
            }
            let image = folder + "/page.pbm"
            try bytes.write(to: URL(fileURLWithPath: image))
            try run("/usr/bin/cjb2", ["-dpi", "\(dotsPerInch)", image, file])
        } else {
            var bytes = Data("P6\n\(page.width) \(page.height)\n255\n".utf8)
            bytes.append(contentsOf: grey.flatMap { [$0, $0, $0] })
            let image = folder + "/page.ppm"
            try bytes.write(to: URL(fileURLWithPath: image))
            try run("/usr/bin/c44", ["-dpi", "\(dotsPerInch)", image, file])
        }
    }

    /// The page drawn with cairo, one grey byte a pixel: white, its ink boxes black, and its
    /// words printed in their boxes when it prints them.
    private static func greyPixels(of page: Page) -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(page.width), Int32(page.height))!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        cairo_set_source_rgb(cairo, 0, 0, 0)
        for box in page.ink { cairo_rectangle(cairo, Double(box.x), Double(box.y), Double(box.width), Double(box.height)) }
        cairo_fill(cairo)
        if page.printsWords {
            cairo_select_font_face(cairo, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            for word in page.words {
                cairo_set_font_size(cairo, Double(word.height) * 0.9)
                var extents = cairo_text_extents_t()
                cairo_text_extents(cairo, word.text, &extents)
                // Stretched to the word's box, as the OCR's box holds the printed word.
                cairo_save(cairo)
                cairo_translate(cairo, Double(word.x), Double(word.y + word.height) - Double(word.height) * 0.2)
                cairo_scale(cairo, Double(word.width) / max(extents.x_advance, 1), 1)
                cairo_move_to(cairo, 0, 0)
                cairo_show_text(cairo, word.text)
                cairo_restore(cairo)
            }
        }
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var grey = [UInt8](repeating: 255, count: page.width * page.height)
        for y in 0..<page.height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<page.width { grey[y * page.width + x] = UInt8((row[x] >> 8) & 0xff) }
        }
        return grey
    }

    /// The page's words as one line of a text layer, in DjVu's coordinates (from the bottom-left).
    private static func textLayer(_ page: Page) -> String {
        func box(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> String {
            "\(x) \(page.height - y - height) \(x + width) \(page.height - y)"
        }
        let left = page.words.map(\.x).min()!, top = page.words.map(\.y).min()!
        let right = page.words.map { $0.x + $0.width }.max()!, bottom = page.words.map { $0.y + $0.height }.max()!
        let words = page.words.map { "(word \(box($0.x, $0.y, $0.width, $0.height)) \(quoted($0.text)))" }.joined(separator: " ")
        return "(page 0 0 \(page.width) \(page.height) (line \(box(left, top, right - left, bottom - top)) \(words)))"
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let result = try ChildProcess.run(tool, arguments, timeoutSeconds: 60)
        guard result.status == 0 else { throw Failure.tool(tool, result.error + result.output) }
    }
}
