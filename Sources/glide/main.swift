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

do {
    let display = try Display()
    let registry = try Registry(display: display)
    let viewer = Viewer(document: document, registry: registry)
    try EventLoop.run(display: display, sources: { viewer.pollSources }, until: { viewer.isFinished })
} catch {
    exit(.failure, error.description)
}
