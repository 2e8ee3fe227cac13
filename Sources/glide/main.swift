import CSystem
import Document
import Glibc
import WaylandClient

let options: CommandLineOptions
do {
    options = try CommandLineOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    exit(.usage, "\(error.message); \(CommandLineOptions.usage)")
}
if options.showsHelp {
    print(CommandLineOptions.help)
    exit(ExitStatus.success.rawValue)
}
if options.showsVersion {
    print("glide \(glideVersion)")
    exit(ExitStatus.success.rawValue)
}

let document: Document
do {
    if let path = options.path {
        document = try Document(contentsOfFile: path)
    } else {
        guard let path = ResourceLocator.path(of: ResourceLocator.defaultDocumentName) else {
            exit(.failure, "cannot find the bundled '\(ResourceLocator.defaultDocumentName)' in "
                + ResourceLocator.searchDirectories.joined(separator: ", "))
        }
        document = try Document(contentsOfFile: path)
    }
} catch {
    exit(.failure, error.description)
}

let trace: TraceWriter?
do {
    trace = try options.tracePath.map { path throws(TraceError) in try TraceWriter(path: path) }
} catch {
    exit(.failure, error.description)
}

// SIGINT, SIGTERM and SIGHUP end the loop like a quit key, so the window is torn down and
// the trace is complete.
let terminationSignals = glide_termination_signalfd()

do {
    let display = try Display()
    let registry = try Registry(display: display)
    let viewer = Viewer(document: document, display: display, registry: registry, trace: trace)
    let signalSource = EventLoop.Source(fileDescriptor: terminationSignals) {
        if glide_signalfd_take(terminationSignals) != 0 { viewer.quit() }
    }
    try EventLoop.run(display: display, sources: { [signalSource] + viewer.pollSources }, until: { viewer.isFinished })
} catch {
    exit(.failure, error.description)
}
