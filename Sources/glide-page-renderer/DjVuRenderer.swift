import CSandbox
import DjVuKind
import Glibc
import Machinery

/// A DjVu renderer's start-up: the document on standard input is kept as the file `path`, which
/// DjVuLibre opens it by; for an indirect document, the page files its index names are opened
/// and kept too. After the lock-down DjVuLibre's every open of them is a duplicate of a kept
/// file (file_opening.c), so it reads them in place, and no other file.
func startDjVu(path: String) -> Never {
    let kept = glide_sandbox_keep_file(path, PageRendererServer.documentDescriptor)
    guard kept == 0 else {
        _ = PageRendererServer.greet(.failure(PageRendererRefusal(String(cString: strerror(-kept)))))
        exit(0)
    }
    let backend: DjVuRenderBackend
    do {
        backend = try DjVuRenderBackend(path: path)
    } catch {
        _ = PageRendererServer.greet(.failure(error))
        exit(0)
    }
    let components = backend.componentPaths
    // An indirect document of thousands of pages keeps as many files open.
    if components.count > 64 { _ = glide_sandbox_raise_descriptor_limit() }
    for component in components {
        // A page file missing now is a page that says so when shown, as in Glide's own process.
        _ = glide_sandbox_keep_file(component, -1)
    }
    lockDownAndServe(backend, pageCount: backend.pageCount)
}
