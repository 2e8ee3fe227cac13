import CSandbox
import Glibc
import Machinery
import PDFKind

/// A PDF renderer's start-up: poppler opens the document on standard input, the fonts it may
/// name are kept open, and its text machinery runs once before the lock-down.
/// In a renderer forked from a zygote (`isWarm`), the fonts are kept and the text machinery
/// ran already, in the zygote.
func startPDF(isWarm: Bool = false) -> Never {
    let backend: PDFRenderBackend
    do {
        backend = try PDFRenderBackend(descriptor: PageRendererServer.documentDescriptor)
    } catch {
        _ = PageRendererServer.greet(.failure(error))
        exit(0)
    }
    if !isWarm { warmUpPDF() }
    lockDownAndServe(backend, pageCount: backend.pageCount)
}

/// Fontconfig's configuration and caches read, and its fonts kept open: a page that names a font
/// it does not embed is drawn in fontconfig's stand-in after the lock-down (see file_opening.c).
/// A Noto CJK or emoji install is some 30 files; 4096 is far beyond any system's and within the
/// 20,000 descriptors a process may hold. Then poppler's text machinery run once.
func warmUpPDF(keepsGlobalState: Bool = false) {
    _ = glide_sandbox_keep_fonts(4096)
    if keepsGlobalState {
        PDFRenderBackend.warmUpBeforeAnyDocument()
    } else {
        PDFRenderBackend.warmUpText()
    }
}
