import EPUBFixtures
import Foundation

/// PDFs written byte by byte at test time for the page renderers' tests: pages of 200×100 points
/// that never finish drawing, or that allocate without bound, beside ordinary ones.
public enum HostilePDF {
    /// A page that fills itself with one colour (`r g b` from 0 to 1).
    public static func filled(red: Double, green: Double, blue: Double) -> String {
        "\(red) \(green) \(blue) rg 0 0 200 100 re f"
    }

    /// A document of `pages` (content streams) whose page resources hold three nested forms: `/F3
    /// Do` draws F2 a thousand times, which draws F1 a thousand times, which fills a thousand
    /// rectangles — 10⁹ fills, hours of work for poppler. Plus Helvetica, not embedded, as `/H`.
    public static func document(pages: [String], fontFile: Data? = nil) -> Data {
        var objects: [String] = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\((0..<pages.count).map { "\(7 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>",
            form(String(repeating: "0 0 10 10 re f\n", count: 1000)),
            form(String(repeating: "/F1 Do\n", count: 1000), resources: "/XObject << /F1 3 0 R >>"),
            form(String(repeating: "/F2 Do\n", count: 1000), resources: "/XObject << /F2 4 0 R >>"),
            fontFile == nil ? "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
                : "<< /Type /Font /Subtype /TrueType /BaseFont /Bomb /FirstChar 32 /LastChar 32 /Widths [500] "
                + "/FontDescriptor \(7 + 2 * pages.count) 0 R >>",
        ]
        for (index, content) in pages.enumerated() {
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents \(8 + 2 * index) 0 R "
                + "/Resources << /XObject << /F3 5 0 R >> /Font << /H 6 0 R >> >> >>")
            objects.append(stream("", content))
        }
        var bodies = objects.map { Data($0.utf8) }
        if let fontFile {
            bodies.append(Data(("<< /Type /FontDescriptor /FontName /Bomb /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 "
                + "/Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 \(8 + 2 * pages.count) 0 R >>").utf8))
            bodies.append(Data("<< /Filter /FlateDecode /Length \(fontFile.count) >>\nstream\n".utf8) + fontFile
                + Data("\nendstream".utf8))
        }
        var file = Data("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (index, body) in bodies.enumerated() {
            offsets.append(file.count)
            file += Data("\(index + 1) 0 obj\n".utf8) + body + Data("\nendobj\n".utf8)
        }
        let table = file.count
        var text = "xref\n0 \(bodies.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
        text += "trailer\n<< /Size \(bodies.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        return file + Data(text.utf8)
    }

    /// A zlib stream (FlateDecode's) of `bytes` zero bytes and more, 1/1000 of that in size: as
    /// a page's embedded font, which poppler reads whole into memory before it draws the page.
    public static func zeros(inflatingToAtLeast bytes: Int) -> Data {
        // The zlib header (deflate, 32 KB window, no dictionary; a multiple of 31), then the
        // deflate stream; no checksum: poppler reads to the end of the data and never gets there.
        Data([0x78, 0x01]) + DeflateBomb.stream(inflatingToAtLeast: bytes).stream
    }

    /// The content of a page that never finishes drawing.
    public static let endless = "/F3 Do"
    /// The content of a page of text in Helvetica, which is not embedded (fontconfig's choice of
    /// font stands in).
    public static let text = "BT /H 24 Tf 10 40 Td (Glide) Tj ET"

    private static func form(_ content: String, resources: String = "") -> String {
        stream("/Type /XObject /Subtype /Form /BBox [0 0 200 100] /Resources << \(resources) >> ", content)
    }

    private static func stream(_ dictionary: String, _ content: String) -> String {
        "<< \(dictionary)/Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
    }

    /// Writes `data` to a new file; its path.
    public static func write(_ data: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-renderer-\(UUID().uuidString).pdf").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }
}
