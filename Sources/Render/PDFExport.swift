import CCairo
import DocumentKit
import Glibc
import Localization
import Machinery

/// A document written as a PDF through cairo's PDF surface, laid out in pages as the viewer's
/// paging mode lays it out: text stays text (a PDF reader finds and copies it), links and the
/// outline are kept. For `--export-pdf` and printing.
public enum PDFExport {
    /// The page: A4 in PostScript points, which the document is laid out in as logical px (so
    /// Glide's 17 px body text prints at 17 pt, a large-print size… set at 6 mm per line).
    public static let pageWidth = 595.0
    public static let pageHeight = 842.0
    /// Images are asked for at twice the page's points: 144 dpi, sharp on paper at their size.
    static let imageScale = 2.0
    /// How long an export waits for a document's images, rendered pages and chapters, in s:
    /// a bound, not a tuned figure (a book's images decode in well under that).
    public static let waitSeconds = 60.0

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `document` as a PDF to `path`, replacing what is there, after its images and
    /// chapters have arrived (for at most `waitSeconds`).
    public static func write(_ document: any LoadedDocument, to path: String, waitSeconds: Double) throws(Failure) {
        let layout = document.makeLayout(palette: .light, paged: true)
        layout.pageBottomInsetPixels = 0
        layout.setViewportSize(width: pageWidth, height: pageHeight)
        // Laying pages out makes the estimated width of those after them exact: again until
        // the width holds.
        let deadline = MonotonicClock.seconds() + waitSeconds
        var laidOutWidth = -1.0
        while layout.contentSize.width != laidOutWidth, MonotonicClock.seconds() < deadline {
            laidOutWidth = layout.contentSize.width
            let everything = ContentRect(x: 0, y: 0, width: max(laidOutWidth, pageWidth), height: pageHeight)
            ContentSettling.settle(layout, showing: everything, drawScale: imageScale, until: deadline)
        }
        let pageCount = max(1, Int((layout.contentSize.width / pageWidth).rounded(.up)))
        let output = PDFBytes()
        let surface = cairo_pdf_surface_create_for_stream({ closure, data, length in
            Unmanaged<PDFBytes>.fromOpaque(closure!).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(output).toOpaque(), pageWidth, pageHeight)!
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, document.title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Glide")
        let cairo = cairo_create(surface)!
        let links = PDFLinks(of: layout, pageWidth: pageWidth)
        for page in 0..<pageCount {
            cairo_save(cairo)
            cairo_translate(cairo, -Double(page) * pageWidth, 0)
            layout.draw(ContentRect(x: Double(page) * pageWidth, y: 0, width: pageWidth, height: pageHeight), on: cairo)
            cairo_restore(cairo)
            for destination in links.destinations(onPage: page) {
                cairo_tag_begin(cairo, CAIRO_TAG_DEST, destination)
                cairo_tag_end(cairo, CAIRO_TAG_DEST)
            }
            for link in links.onPage(page) {
                cairo_tag_begin(cairo, CAIRO_TAG_LINK, link)
                cairo_tag_end(cairo, CAIRO_TAG_LINK)
            }
            cairo_show_page(cairo)
        }
        if let outline = layout.outline { addOutline(outline, to: surface, pageCount: pageCount) }
        cairo_destroy(cairo)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: localized("cannot write the PDF '%1$s': %2$s", path, String(cString: cairo_status_to_string(status))))
        }
        try replace(path, with: output.bytes)
    }

    /// `--export-pdf`: the file at `path` as a PDF at `output`; a PDF (as `mimeType` names the
    /// file's type) goes as it is, anything else is opened by `open` and written in pages.
    public static func export(_ path: String, to output: String, typedBy mimeType: (String) -> String?,
                              opening open: (String) throws(DocumentError) -> any LoadedDocument) throws {
        guard mimeType(path) != "application/pdf" else {
            let source = try SourceBytes(path: path)
            return try replace(output, with: source.bytes(0..<source.count))
        }
        let document = try open(path)
        try document.waitUntilOpened()
        try write(document, to: output, waitSeconds: waitSeconds)
    }

    /// The outline's rows as the PDF's bookmarks, nested by level.
    private static func addOutline(_ outline: any OutlineSource, to surface: OpaquePointer, pageCount: Int) {
        guard let entries = outline.entries else { return }
        // The bookmark each level's rows hang under: the last row of a shallower level.
        var parents: [(level: Int, id: Int32)] = []
        for (index, entry) in entries.enumerated() {
            while let last = parents.last, last.level >= entry.level { parents.removeLast() }
            let page = min(max(outline.page(ofEntry: index), 0), pageCount - 1) + 1
            let id = cairo_pdf_surface_add_outline(surface, parents.last?.id ?? Int32(CAIRO_PDF_OUTLINE_ROOT), entry.title,
                                                   "page=\(page)", CAIRO_PDF_OUTLINE_FLAG_OPEN)
            parents.append((entry.level, id))
        }
    }

    private static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        // As tools write what they are told to: the name is replaced, with the user's umask.
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw Failure(description: localized("cannot write the PDF '%1$s': %2$s", path, String(cString: strerror(errno)))) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw Failure(description: localized("cannot write the PDF '%1$s': %2$s", path, String(cString: strerror(written < 0 ? errno : ENOSPC))))
            }
            offset += written
        }
    }
}

/// Where cairo's PDF stream is collected.
private final class PDFBytes {
    var bytes: [UInt8] = []
}
