import CSandbox
import CSystem
import Glibc
import Localization
import Machinery
import PDFKind

// glide's page renderer: one document, opened once, its pages drawn on request into memory
// Glide maps (see PageRendererServer), until Glide closes the channel. It runs under Glide's
// budgets, and drops what it does not need before it reads a single page: after the
// document is open it can open no file, reach no network and start no program (seccomp).
//
//     glide-page-renderer pdf PARENT-PID    (the document on standard input, Glide on descriptor 3)

/// The kernel's CPU limit on one render, in s: a backstop should Glide not kill the renderer
/// at its own budget (as the image decoder's).
let cpuLimitSecondsPerRender: UInt32 = 30

let arguments = CommandLine.arguments
guard arguments.count == 3, arguments[1] == "pdf", let parent = Int32(arguments[2]) else {
    StandardError.write("usage: glide-page-renderer pdf PARENT-PID (started by glide, not by hand)\n")
    exit(2)
}
// Dies with Glide, even if Glide is killed; a parent gone before this line is seen at once (a
// tracer such as strace may stand between the two, so the parent is looked for by its ID).
_ = glide_die_with_parent()
guard getppid() == parent || kill(parent, 0) == 0 else { exit(0) }
LibraryOutput.quiet()
Localization.startAsHelper()
// At Glide's own priority, as the render thread it replaces: at nice 10 on a loaded two-core
// machine a zoom's sharp pieces took 330–410 ms instead of 118 ms (glide-bench pdf), and the
// frame loop, mostly idle, still gets its share beside at most as many renderers as cores.

let backend: PDFRenderBackend
do {
    backend = try PDFRenderBackend(descriptor: PageRendererServer.documentDescriptor)
} catch {
    _ = PageRendererServer.greet(.failure(error))
    exit(0)
}
// Fontconfig's configuration and caches read now, and its fonts kept open: a page that names a
// font it does not embed is drawn in fontconfig's stand-in after the lock-down (see
// file_opening.c). A Noto CJK or emoji install is some 30 files; 4096 is far beyond any system's
// and within the 20,000 descriptors a process may hold.
_ = glide_sandbox_keep_fonts(4096)
PDFRenderBackend.warmUpText()
glide_sandbox_close_files()
let lockDown = glide_sandbox_lock_down(0)
guard lockDown == 0 else {
    _ = PageRendererServer.greet(.failure(PageRendererRefusal("the renderer cannot lock itself down (\(String(cString: strerror(-lockDown))))")))
    exit(1)
}
guard PageRendererServer.greet(.success(backend.pageCount)) else { exit(1) }
exit(PageRendererServer.serve(backend) { _ = glide_sandbox_limit_cpu_from_now(cpuLimitSecondsPerRender) })
