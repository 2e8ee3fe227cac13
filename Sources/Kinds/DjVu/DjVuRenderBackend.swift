import CDjVu
import DocumentKit
import Glibc
import Localization
import Machinery
import PageKit

/// Draws DjVu pages with DjVuLibre in `glide-page-renderer`: the renderer's one document, used
/// by its one thread (DjVuLibre decodes on threads of its own and is waited for).
///
/// DjVuLibre reads its document by name, and again and again: a bundled document's file is
/// opened anew for each read of a page (its stream pool closes it after each, `DataPool`), an
/// indirect document's page files as their pages are first shown. The renderer keeps those
/// files open from before its lock-down (`componentPaths`), and its `open` hands DjVuLibre
/// duplicates of them (CSandbox's `glide_sandbox_keep_file`), so after the lock-down no file is
/// opened and DjVuLibre still reads them in place, never copied into memory.
public final class DjVuRenderBackend: PageRenderBackend {
    private let handle: DjVuHandle

    /// Opens the document at `path` (which the renderer's `open` serves from the descriptor
    /// Glide passed) and waits for DjVuLibre to read its directory.
    public init(path: String) throws(PageRendererRefusal) {
        do {
            handle = try DjVuHandle(path: path)
        } catch {
            guard case .cannotOpen(_, let reason) = error else { throw PageRendererRefusal(error.description) }
            throw PageRendererRefusal(reason)
        }
    }

    public var pageCount: Int { handle.pageCount }

    /// The files of an indirect document other than its index, as DjVuLibre will open them
    /// (each a name in the index's folder); none for a bundled or single-page one. A name that
    /// climbs out of the folder (`..`) or is absolute is left out: such a page then fails to
    /// draw with DjVuLibre's error, as a missing file's does.
    public var componentPaths: [String] {
        guard ddjvu_document_get_type(handle.document) == DDJVU_DOCTYPE_INDIRECT else { return [] }
        let folder = FilePath.parent(of: handle.path)
        return handle.componentFileNames.filter(DjVuRenderBackend.staysInFolder).map { folder + "/" + $0 }
    }

    static func staysInFolder(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
    }

    public func render(_ request: PageRenderRequest, into pixels: UnsafeMutableRawPointer) -> PageRenderBackendResult {
        guard let size = handle.pageSize(request.page) else {
            return PageRenderBackendResult(failure: localized("DjVuLibre cannot read this page"))
        }
        let points = size.points
        var result = PageRenderBackendResult(pageWidth: points.width, pageHeight: points.height)
        if request.flags.contains(.details) {
            let links = DjVuLinks.links(handle.hyperlinks(onPage: request.page), pageSize: size, handle: handle)
            result.details = PageLinkCoding.encode(links, limitBytes: PageRenderWire.maximumMessageBytes - 64)
        }
        result.failure = DjVuPageRendering.render(
            page: request.page, of: handle, scale: request.scale,
            region: .init(x: request.x, y: request.y, width: request.width, height: request.height),
            into: pixels, rowBytes: request.width * 4)
        if result.failure == nil, request.flags.contains(.invertsLightness) {
            NightPixels.invertLightness(pixels, count: request.width * request.height)
        }
        return result
    }
}

extension DjVuHandle {
    /// The names (`id`s, which are the file names) of the files the document's directory lists.
    var componentFileNames: [String] {
        let count = Int(ddjvu_document_get_filenum(document))
        return (0..<max(count, 0)).compactMap { file in
            var info = ddjvu_fileinfo_t()
            var status = DDJVU_JOB_NOTSTARTED
            _ = wait {
                status = glide_ddjvu_fileinfo(document, Int32(file), &info)
                return status.rawValue >= DDJVU_JOB_OK.rawValue
            }
            guard status == DDJVU_JOB_OK, let name = info.id else { return nil }
            return String(cString: name)
        }
    }
}
