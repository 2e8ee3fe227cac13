import Foundation

/// PDFs written byte by byte at test time for the page renderer's tests: pages of 200×100
/// points, each drawing `content` with the forms and fonts of `resources`.
enum RendererTestPDF {
    /// A page that fills itself with one colour (`r g b` from 0 to 1).
    static func filled(red: Double, green: Double, blue: Double) -> String {
        "\(red) \(green) \(blue) rg 0 0 200 100 re f"
    }

    /// A document of `pages` (content streams) whose page resources hold three nested forms: `/F3
    /// Do` draws F2 a thousand times, which draws F1 a thousand times, which fills a thousand
    /// rectangles — 10⁹ fills, hours of work for poppler. Plus Helvetica, not embedded, as `/H`.
    static func document(pages: [String]) -> Data {
        var objects: [String] = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\((0..<pages.count).map { "\(7 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>",
            form(String(repeating: "0 0 10 10 re f\n", count: 1000)),
            form(String(repeating: "/F1 Do\n", count: 1000), resources: "/XObject << /F1 3 0 R >>"),
            form(String(repeating: "/F2 Do\n", count: 1000), resources: "/XObject << /F2 4 0 R >>"),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        for (index, content) in pages.enumerated() {
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents \(8 + 2 * index) 0 R "
                + "/Resources << /XObject << /F3 5 0 R >> /Font << /H 6 0 R >> >> >>")
            objects.append(stream("", content))
        }
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        return Data(text.utf8)
    }

    /// The content of a page that never finishes drawing.
    static let endless = "/F3 Do"
    /// The content of a page of text in Helvetica, which is not embedded (fontconfig's choice of
    /// font stands in).
    static let text = "BT /H 24 Tf 10 40 Td (Glide) Tj ET"

    private static func form(_ content: String, resources: String = "") -> String {
        stream("/Type /XObject /Subtype /Form /BBox [0 0 200 100] /Resources << \(resources) >> ", content)
    }

    private static func stream(_ dictionary: String, _ content: String) -> String {
        "<< \(dictionary)/Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
    }

    /// Writes `data` to a new file; its path.
    static func write(_ data: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-renderer-\(UUID().uuidString).pdf").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }
}
