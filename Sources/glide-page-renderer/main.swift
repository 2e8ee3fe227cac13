import CSandbox
import CSystem
import Glibc
import Localization
import Machinery

// glide's page renderer: one document, opened once, its pages drawn on request into memory
// Glide maps (see PageRendererServer), until Glide closes the channel. It runs under Glide's
// budgets, and drops what it does not need before it reads a single page: after the
// document is open it can open no file, reach no network and start no program (seccomp).
//
//     glide-page-renderer pdf PARENT-PID          (the document on standard input, Glide on descriptor 3)
//     glide-page-renderer djvu PATH PARENT-PID    (the same; PATH is the name DjVuLibre opens it by)
//     glide-page-renderer zygote pdf PARENT-PID   (a zygote: Glide on descriptor 3; see Zygote.swift)

/// The kernel's CPU limit on one render, in s: a backstop should Glide not kill the renderer
/// at its own budget (as the image decoder's).
let cpuLimitSecondsPerRender: UInt32 = 30

let arguments = CommandLine.arguments
let isZygote = arguments.count > 1 && arguments[1] == "zygote"
let kind = arguments.count > (isZygote ? 2 : 1) ? arguments[isZygote ? 2 : 1] : ""
let expectedCount = kind == "djvu" ? 4 : isZygote ? 4 : 3
guard ["pdf", "djvu"].contains(kind), !(isZygote && kind != "pdf"), arguments.count == expectedCount,
      let parent = Int32(arguments[expectedCount - 1]) else {
    StandardError.write("usage: glide-page-renderer pdf PARENT-PID | djvu PATH PARENT-PID | zygote pdf PARENT-PID "
        + "(started by glide, not by hand)\n")
    exit(2)
}

/// Dies with Glide (`parent`), even if Glide is killed; a parent gone before this is seen at
/// once (a tracer such as strace may stand between the two, so the parent is looked for by its ID).
func dieWithGlide(parent: pid_t) {
    _ = glide_die_with_parent()
    guard getppid() == parent || kill(parent, 0) == 0 else { exit(0) }
}

dieWithGlide(parent: parent)
LibraryOutput.quiet()
Localization.startAsHelper()
// At Glide's own priority, as the render thread it replaces: at nice 10 on a loaded two-core
// machine a zoom's sharp pieces took 330–410 ms instead of 118 ms (glide-bench pdf), and the
// frame loop, mostly idle, still gets its share beside at most as many renderers as cores.

/// Locks the renderer down once its document is open, greets Glide and answers its requests
/// until it closes the channel; never returns.
func lockDownAndServe(_ backend: some PageRenderBackend, pageCount: Int) -> Never {
    glide_sandbox_close_files()
    let lockDown = glide_sandbox_lock_down(0)
    guard lockDown == 0 else {
        _ = PageRendererServer.greet(.failure(PageRendererRefusal("the renderer cannot lock itself down (\(String(cString: strerror(-lockDown))))")))
        exit(1)
    }
    guard PageRendererServer.greet(.success(pageCount)) else { exit(1) }
    exit(PageRendererServer.serve(backend) { _ = glide_sandbox_limit_cpu_from_now(cpuLimitSecondsPerRender) })
}

if isZygote {
    serveAsZygote(parent: parent)
}
switch kind {
case "djvu": startDjVu(path: arguments[2])
default: startPDF()
}
