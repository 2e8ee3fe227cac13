import CSystem
import Document
import Glibc
import WaylandClient

/// The path of the document to show: the one the command line names, or the bundled guide.
func documentPath(_ options: CommandLineOptions) -> String {
    if let path = options.paths.first { return path }
    guard let path = ResourceLocator.path(of: ResourceLocator.defaultDocumentName) else {
        exit(.failure, "cannot find the bundled '\(ResourceLocator.defaultDocumentName)' in "
            + ResourceLocator.searchDirectories.joined(separator: ", "))
    }
    return path
}

/// Connects to the compositor and shows the document until the window closes.
func run(_ document: Document, path: String, options: CommandLineOptions, trace: TraceWriter?) throws(WaylandError) {
    // SIGINT, SIGTERM and SIGHUP end the loop like a quit key, so the window is torn down and
    // the trace is complete.
    let terminationSignals = glide_termination_signalfd()
    let display = try Display()
    let registry = try Registry(display: display)
    let viewer = Viewer(document: document, path: path, options: options, positions: ReadingPositionStore(),
                        display: display, registry: registry, trace: trace)
    // At exit, including a signal or a lost compositor, the reading position is saved and
    // the trace is complete.
    defer {
        viewer.saveReadingPosition()
        trace?.close()
    }
    let signalSource = EventLoop.Source(fileDescriptor: terminationSignals) {
        if glide_signalfd_take(terminationSignals) != 0 { viewer.quit() }
    }
    try EventLoop.run(display: display, sources: { [signalSource] + viewer.pollSources }, until: { viewer.isFinished })
}

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
if options.paths.count > 1 {
    exit(.usage, "opening several files at once is not supported yet; \(CommandLineOptions.usage)")
}

do {
    let path = documentPath(options)
    let document = try Document(contentsOfFile: path)
    if options.isSplit, document.kind == .imageCollection {
        exit(.usage, "--split shows a document's outline, and '\(path)' holds images; \(CommandLineOptions.usage)")
    }
    let trace = try options.tracePath.map { path throws(TraceError) in try TraceWriter(path: path) }
    try run(document, path: path, options: options, trace: trace)
} catch let error as DocumentError {
    exit(.failure, error.description)
} catch let error as TraceError {
    exit(.failure, error.description)
} catch let error as WaylandError {
    exit(.failure, error.description)
} catch {
    exit(.failure, "\(error)")
}
