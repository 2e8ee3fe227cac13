import PageKit
import CDjVu
import DocumentKit
import Glibc
import Localization
import Machinery

/// A DjVu document opened through ddjvuapi, with a context of its own: used by one thread at a
/// time (the opening queue, then the pages' worker, a text reader, a search, or a renderer
/// process's one thread), as each of Glide's poppler documents is. DjVuLibre decodes on
/// threads of its own and says what it did in messages; every wait here pumps them and gives
/// up at `waitSeconds`, so a file that makes the decoder stall is refused or shown as a failed
/// page, never a hang. Its errors reach the user only with `GLIDE_DEBUG` (`LibraryOutput`'s
/// rule), as one line each.
final class DjVuHandle: @unchecked Sendable {
    let path: String
    private let context: OpaquePointer
    let document: OpaquePointer
    /// Pages decoded lately, the most recent last: a page's pieces at one scale and the next
    /// reuse its decoded layers.
    private var decodedPages: [(index: Int, page: OpaquePointer)] = []
    /// The last error DjVuLibre reported, for the one line a refusal prints.
    private(set) var lastError: String?

    /// The longest any wait for DjVuLibre's decoder lasts, in seconds: a page of a 600 dpi
    /// scan decodes in well under a second on the project's VM; 10 s is a decoder that is not
    /// going to finish.
    static let waitSeconds = 10.0
    /// Decoded pages kept per handle: the page being drawn and its neighbour (a 600 dpi
    /// colour page's layers are about 30 MB).
    static let decodedPageCount = 2
    /// DjVuLibre's own cache of decoded page data per context, in bytes: ddjvuapi's default
    /// (10 MB) per handle, and a handle per thread that reads the document.
    static let cacheBytes: UInt = 10 << 20

    /// Opens `path` and waits for DjVuLibre to read its directory (a bundled document's
    /// `DIRM`, an indirect one's index file): a file it refuses throws, in one line.
    init(path: String) throws(DocumentError) {
        self.path = path
        guard let context = ddjvu_context_create("glide") else {
            throw .cannotOpen(path: path, reason: localized("DjVuLibre could not start"))
        }
        self.context = context
        ddjvu_cache_set_size(context, DjVuHandle.cacheBytes)
        guard let document = ddjvu_document_create_by_filename_utf8(context, path, 0) else {
            ddjvu_context_release(context)
            throw .cannotOpen(path: path, reason: localized("DjVuLibre cannot read it"))
        }
        self.document = document
        let opened = wait { glide_ddjvu_document_status(document).rawValue >= DDJVU_JOB_OK.rawValue }
        guard opened, glide_ddjvu_document_status(document) == DDJVU_JOB_OK else {
            let reason = opened
                ? localized("it is not a DjVu document DjVuLibre can read (%s)", lastError ?? localized("damaged or truncated"))
                : localized("DjVuLibre did not finish reading it")
            throw .cannotOpen(path: path, reason: reason)
        }
        guard pageCount > 0 else { throw .cannotOpen(path: path, reason: localized("it has no pages (truncated or damaged)")) }
    }

    deinit {
        for (_, page) in decodedPages { glide_ddjvu_page_release(page) }
        glide_ddjvu_document_release(document)
        ddjvu_context_release(context)
    }

    var pageCount: Int { Int(ddjvu_document_get_pagenum(document)) }

    /// Pumps DjVuLibre's messages until `done` says so or `waitSeconds` pass; false when they
    /// pass. Pauses between looks grow from 20 µs to 1 ms: a cached answer is immediate, a
    /// decode takes milliseconds.
    func wait(until done: () -> Bool) -> Bool {
        let deadline = MonotonicClock.seconds() + DjVuHandle.waitSeconds
        var pauseMicroseconds: UInt32 = 20
        while true {
            drainMessages()
            if done() {
                // What the job said as it ended (a failure's reason) is posted with its end.
                drainMessages()
                return true
            }
            if MonotonicClock.seconds() > deadline { return false }
            usleep(pauseMicroseconds)
            pauseMicroseconds = min(pauseMicroseconds * 2, 1000)
        }
    }

    /// Takes every message waiting; errors are kept for a refusal and logged with `GLIDE_DEBUG`.
    private func drainMessages() {
        while let message = ddjvu_message_peek(context) {
            if let text = glide_ddjvu_error_message(message) {
                let error = String(cString: text)
                lastError = OneLineText.escaping(error)
                DebugLog.write("DjVuLibre: \(OneLineText.escaping(error))")
            }
            ddjvu_message_pop(context)
        }
    }

    /// Page `index`'s size, or nil when DjVuLibre cannot read its header.
    func pageSize(_ index: Int) -> DjVuPageSize? {
        guard index >= 0, index < pageCount else { return nil }
        var info = ddjvu_pageinfo_t()
        var status = DDJVU_JOB_NOTSTARTED
        _ = wait {
            status = glide_ddjvu_pageinfo(document, Int32(index), &info)
            return status.rawValue >= DDJVU_JOB_OK.rawValue
        }
        guard status == DDJVU_JOB_OK else { return nil }
        return DjVuPageSize(widthPixels: Int(info.width), heightPixels: Int(info.height), dotsPerInch: Int(info.dpi),
                            rotation: Int(info.rotation))
    }

    /// `body` with page `index` decoded, or nil when it cannot be (its data is damaged, or
    /// decoding did not finish in `waitSeconds`).
    func withDecodedPage<Result>(_ index: Int, _ body: (OpaquePointer) -> Result) -> Result? {
        if let position = decodedPages.firstIndex(where: { $0.index == index }) {
            let entry = decodedPages.remove(at: position)
            decodedPages.append(entry)
            return body(entry.page)
        }
        guard index >= 0, index < pageCount, let page = ddjvu_page_create_by_pageno(document, Int32(index)) else { return nil }
        let finished = wait { glide_ddjvu_page_status(page).rawValue >= DDJVU_JOB_OK.rawValue }
        guard finished, glide_ddjvu_page_status(page) == DDJVU_JOB_OK else {
            glide_ddjvu_page_release(page)
            return nil
        }
        decodedPages.append((index, page))
        if decodedPages.count > DjVuHandle.decodedPageCount { glide_ddjvu_page_release(decodedPages.removeFirst().page) }
        return body(page)
    }

    /// An expression ddjvuapi answers `miniexp_dummy` to until it has decoded what it needs,
    /// copied into Swift and let go; nil when it has none or gives up.
    private func expression(_ ask: () -> miniexp_t?) -> DjVuExpression? {
        var answer: miniexp_t? = glide_miniexp_dummy()
        let finished = wait {
            answer = ask()
            return answer != glide_miniexp_dummy()
        }
        guard finished, let answer else { return nil }
        defer { ddjvu_miniexp_release(document, answer) }
        return DjVuExpression(copying: answer)
    }

    /// Page `index`'s hidden text, at its finest detail.
    func pageText(_ index: Int) -> DjVuExpression? {
        guard index >= 0, index < pageCount else { return nil }
        return expression { ddjvu_document_get_pagetext(document, Int32(index), nil) }
    }

    /// The document's outline (`(bookmarks …)`), nil when it has none.
    func outlineExpression() -> DjVuExpression? {
        expression { ddjvu_document_get_outline(document) }
    }

    /// Page `index`'s hyperlinks: its annotations' `(maparea …)` expressions.
    func hyperlinks(onPage index: Int) -> [DjVuExpression] {
        guard index >= 0, index < pageCount else { return [] }
        var annotations: miniexp_t? = glide_miniexp_dummy()
        let finished = wait {
            annotations = ddjvu_document_get_pageanno(document, Int32(index))
            return annotations != glide_miniexp_dummy()
        }
        guard finished, let annotations else { return [] }
        defer { ddjvu_miniexp_release(document, annotations) }
        guard let list = ddjvu_anno_get_hyperlinks(annotations) else { return [] }
        defer { free(list) }
        var links: [DjVuExpression] = []
        var index = 0
        while let link = list[index], links.count < DjVuLinks.maximumCountPerPage {
            links.append(DjVuExpression(copying: link))
            index += 1
        }
        return links
    }

    /// Each page's identifier (its file's name in the document) and title as the document's
    /// directory names them (a page's title is often its printed number), in page order: read
    /// when a link or the outline first needs them, on the handle's thread, never at the open
    /// (a long document's first frame does not wait for them).
    private(set) lazy var pageNames: [(id: String?, title: String?)] = readPageNames()

    /// The page whose identifier or title is `name` (a link's `#name`), or nil.
    func page(named name: String) -> Int? {
        pageNames.firstIndex { $0.id == name || $0.title == name }
    }

    /// The page a DjVu link's address leads to inside the document (`#12` is page 12, `#name`
    /// the page of that identifier or title), or nil when it leads elsewhere.
    func page(ofLink address: String) -> Int? {
        guard address.hasPrefix("#") else { return nil }
        let name = String(address.dropFirst())
        if let number = Int(name), number >= 1, number <= pageCount { return number - 1 }
        return page(named: name)
    }

    /// Each page's title where it has one other than its file's identifier: the printed page
    /// numbers a page control may show.
    var pageTitles: [String?] {
        pageNames.map { name in name.title.flatMap { $0.isEmpty || $0 == name.id ? nil : $0 } }
    }

    private func readPageNames() -> [(id: String?, title: String?)] {
        var names = [(id: String?, title: String?)](repeating: (nil, nil), count: pageCount)
        let fileCount = Int(ddjvu_document_get_filenum(document))
        for file in 0..<fileCount {
            var info = ddjvu_fileinfo_t()
            var status = DDJVU_JOB_NOTSTARTED
            _ = wait {
                status = glide_ddjvu_fileinfo(document, Int32(file), &info)
                return status.rawValue >= DDJVU_JOB_OK.rawValue
            }
            guard status == DDJVU_JOB_OK, info.type == CChar(UInt8(ascii: "P")), info.pageno >= 0,
                  Int(info.pageno) < names.count else { continue }
            names[Int(info.pageno)] = (info.id.map { String(cString: $0) }, info.title.map { String(cString: $0) })
        }
        return names
    }
}

/// A page's size as its header says: pixels at its resolution, and how it is turned.
struct DjVuPageSize: Equatable, Sendable {
    var widthPixels: Int
    var heightPixels: Int
    var dotsPerInch: Int
    /// Quarter turns counter-clockwise the page is shown at (ddjvuapi's `rotation`).
    var rotation: Int

    /// The resolution taken when a header gives none or a nonsense one: DjVu's own default.
    static let defaultDotsPerInch = 300

    var resolution: Double {
        Double(dotsPerInch >= 25 && dotsPerInch <= 6000 ? dotsPerInch : DjVuPageSize.defaultDotsPerInch)
    }

    /// The page as shown, in points (1/72 in): what the layout sizes pages by, as a PDF's.
    var points: (width: Double, height: Double) {
        let width = Double(max(widthPixels, 1)) * 72 / resolution, height = Double(max(heightPixels, 1)) * 72 / resolution
        return rotation % 2 == 1 ? (height, width) : (width, height)
    }
}
