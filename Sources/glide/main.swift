import Accessibility
import CSystem
import DocumentKit
import FoundationEssentials
import Glibc
import GlideTools
import KindRegistry
import Localization
import Machinery
import ReadingState
import Render
import WaylandClient

/// The paths of the documents to show: the command line's, or the bundled guide.
func documentPaths(_ options: CommandLineOptions) -> [String] {
    if !options.paths.isEmpty { return options.paths }
    guard let path = ResourceLocator.path(of: ResourceLocator.defaultDocumentName) else {
        exit(.failure, localized("cannot find the bundled '%1$s' in %2$s", ResourceLocator.defaultDocumentName,
                                 ResourceLocator.searchDirectories.joined(separator: ", ")))
    }
    return [path]
}

/// Opens the files: one document, or several (text, images or both) as one strip; files of a
/// format Glide does not show are skipped with a notice when they are among several.
func loadDocuments(_ paths: [String]) throws(DocumentError) -> DocumentSet {
    let set = try DocumentSet(opening: paths)
    for skipped in set.skipped { printError(localized("%s; skipped", skipped.description)) }
    if let alone = set.documentOpeningAlone {
        exit(.usage, localized("'%s' is a PDF; a PDF opens on its own", alone.path ?? alone.title) + "; " + CommandLineOptions.usage)
    }
    return set
}

/// Connects to the compositor and shows the document until the window closes.
func run(_ documents: DocumentSet, paths: [String], options: CommandLineOptions, trace: TraceWriter?) throws {
    // SIGINT, SIGTERM and SIGHUP end the loop like a quit key, so the window is torn down and
    // the trace is complete.
    let terminationSignals = glide_termination_signalfd()
    let display: Display
    do {
        display = try Display()
    } catch {
        // The document's own error comes first: poppler may still be opening a PDF it will
        // refuse.
        for document in documents.documents { try document.waitUntilOpened() }
        throw error
    }
    let registry = try Registry(display: display)
    let viewer = ViewerApp(documents: documents, paths: paths, options: options, positions: ReadingPositionStore(),
                        display: display, registry: registry, trace: trace)
    // What the reader opened (not the bundled guide) joins the desktop's recent documents.
    if !options.paths.isEmpty { RecentDocuments.noteOpenedInBackground(paths, shown: documents.documents, typedBy: KindRegistry.mimeType(ofFileAt:)) }
    // At exit, including a signal or a lost compositor, the reading position is saved and
    // the trace is complete.
    defer {
        viewer.saveReadingPosition()
        trace?.close()
    }
    let signalSource = EventLoop.Source(fileDescriptor: terminationSignals) {
        if glide_signalfd_take(terminationSignals) != 0 { viewer.quit() }
    }
    // Screen readers reach the window through AT-SPI when an accessibility bus is there.
    let accessibilityModel = AccessibleViewer(
        viewer: viewer.viewer, windowTitle: WindowTitle.naming( documents.title), documentTitle: documents.title,
        shownWindowTitle: { viewer.shownWindowTitle }, isWindowActive: { viewer.window.states.isActivated })
    let accessibility = AccessibilityBridge(model: accessibilityModel, applicationName: "glide",
                                            toolkitVersion: glideVersion,
                                            environment: ProcessInfo.processInfo.environment)
    let hooks = accessibility.map { bridge in
        [AccessibilityPollHook(bridge: bridge, onWork: trace.map { trace in { trace.noteAccessibilityWork(milliseconds: $0) } })]
    }
    try EventLoop.run(display: display, sources: { [signalSource] + viewer.pollSources }, hooks: hooks ?? [],
                      render: viewer.render,
                      until: { viewer.isFinished })
    if let failure = viewer.documentFailure { throw failure }
    if let failure = viewer.failure { throw failure }
}

// First of all: a signal while a FIFO or a device is read ends Glide cleanly, and a closed
// pipe is an error to report, not a silent death.
glide_handle_signals_while_loading()
// Before any library runs: what libraries print reaches the user only with GLIDE_DEBUG.
LibraryOutput.quiet()
Localization.start(searchingCatalogsIn: ResourceLocator.localeDirectories)

let rawArguments: RawArguments
do {
    rawArguments = try RawArguments()
} catch {
    exit(.failure, error.description)
}
let options: CommandLineOptions
do {
    options = try CommandLineOptions(arguments: rawArguments.arguments)
} catch {
    exit(.usage, "\(rawArguments.naming(error.message)); \(CommandLineOptions.usage)")
}
if options.showsHelp {
    print(CommandLineOptions.help(fileKinds: KindRegistry.fileDescriptions))
    exit(ExitStatus.success.rawValue)
}
if options.showsVersion {
    print("glide \(glideVersion)")
    exit(ExitStatus.success.rawValue)
}

do {
    let paths = documentPaths(options)
    if let output = options.exportPath {
        try PDFExport.export(paths[0], to: output, typedBy: KindRegistry.mimeType(ofFileAt:), opening: KindRegistry.open)
        ProcessExit.end(status: ExitStatus.success.rawValue)
    }
    let documents = try loadDocuments(paths)
    if options.isSplit, !documents.documents[0].hasOutline {
        exit(.usage, rawArguments.naming(localized("--split shows a document's outline, and '%s' holds images", paths[0]) + "; ")
            + CommandLineOptions.usage)
    }
    let trace = try options.tracePath.map { path throws(TraceError) in try TraceWriter(path: path) }
    try run(documents, paths: paths, options: options, trace: trace)
    ProcessExit.end(status: ExitStatus.success.rawValue)
} catch let error as DocumentError {
    exit(.failure, rawArguments.naming(error.description))
} catch let error as TraceError {
    exit(.failure, error.description)
} catch let error as WaylandError {
    exit(.failure, error.description)
} catch {
    exit(.failure, "\(error)")
}
