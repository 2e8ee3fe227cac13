import CCairo
import DocumentKit
import Glibc
import KindRegistry
import Localization
import Machinery

// glide-thumbnailer -s SIZE INPUT OUTPUT: the freedesktop thumbnail specification's
// thumbnailer (resources/glide.thumbnailer), as GNOME's file manager runs it, in a bubblewrap
// sandbox: one process, no bus, nothing written but OUTPUT. The document is opened and drawn
// by the viewer's own kinds and renderer; images decode in the budgeted decoder processes.
// Exit status: 0 with OUTPUT written, 1 when INPUT cannot be shown or OUTPUT written, 2 for a
// bad command line.

LibraryOutput.quiet()
Localization.startAsHelper()
SandboxFonts.configureIfHidden()

let usage = "usage: glide-thumbnailer -s SIZE INPUT OUTPUT"
/// What the specification's cache asks for at most: xx-large, 1024 px.
let largestSize = 1024
/// How long the document's images, pages and chapters may take to arrive, in s; a file manager
/// gives a thumbnailer about 30 s in all.
let waitSeconds = 5.0
/// The kernel's backstop on the process's CPU time, in s, should a library never return.
let cpuLimitSeconds: rlim_t = 20

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 4, arguments[0] == "-s" || arguments[0] == "--size",
      let size = Int(arguments[1]), (1...largestSize).contains(size) else {
    printError(localized("a thumbnail needs a size from 1 to %s px, an input and an output", String(largestSize)) + "; " + usage)
    exit(2)
}
let (input, output) = (arguments[2], arguments[3])
var limit = rlimit(rlim_cur: cpuLimitSeconds, rlim_max: cpuLimitSeconds)
setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)

let document: any LoadedDocument
do {
    document = try KindRegistry.open(input)
    try document.waitUntilOpened()
} catch {
    printError(error.description)
    exit(1)
}
let picture = ThumbnailPicture.draw(document, size: size, waitSeconds: waitSeconds)
let status = cairo_surface_write_to_png(picture, output)
cairo_surface_destroy(picture)
guard status == CAIRO_STATUS_SUCCESS else {
    printError(localized("cannot write the thumbnail '%1$s': %2$s", output, String(cString: cairo_status_to_string(status))))
    exit(1)
}
ProcessExit.end(status: 0)
