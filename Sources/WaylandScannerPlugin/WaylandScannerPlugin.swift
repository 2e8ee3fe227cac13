import Foundation
import PackagePlugin

/// Generates the Wayland protocol glue at build time.
///
/// Reads `protocols/client-protocols.txt` and, for every XML it names, runs
/// `wayland-scanner client-header` and `wayland-scanner private-code` in one command, so
/// that the header and the code are produced together (SwiftPM only runs a command whose
/// outputs it compiles; a header-only command would never run). Headers go to an `include/`
/// folder of the plugin's work directory, which SwiftPM puts on the C target's include path.
///
/// A target whose name ends in `ServerProtocols` (the test compositor's glue) gets
/// `server-header` instead. Its code is a C file that only includes that header: the
/// interface tables come from the client glue, which such a target depends on, because one
/// binary (a test running the compositor and a client in one process) may define each
/// table only once.
@main
struct WaylandScannerPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let packageRoot = context.package.directoryURL
        let manifest = packageRoot.appending(path: "protocols/client-protocols.txt")
        let listing = try String(contentsOf: manifest, encoding: .utf8)
        let protocolRoot = URL(fileURLWithPath: Self.waylandProtocolsDirectory())
        let scanner = Self.executable(named: "wayland-scanner")
        let output = context.pluginWorkDirectoryURL
        let side = target.name.hasSuffix("ServerProtocols") ? "server" : "client"

        return listing.split(separator: "\n").compactMap { line -> Command? in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let path = fields.first, !path.hasPrefix("#") else { return nil }
            let xml: URL
            if path.hasPrefix("/") {
                xml = URL(fileURLWithPath: String(path))
            } else if path.hasPrefix("./") {
                xml = packageRoot.appending(path: "protocols").appending(path: String(path.dropFirst(2)))
            } else {
                xml = protocolRoot.appending(path: String(path))
            }
            let stem = xml.deletingPathExtension().lastPathComponent
            let header = output.appending(path: "include/\(stem)-\(side)-protocol.h")
            let code = output.appending(path: "\(stem)-protocol.c")
            let writeCode = side == "server"
                ? "printf '#include \"%s\"\\n' \"$(basename \"$2\")\" > \"$3\""
                : "\"$0\" private-code \"$1\" \"$3\""
            return .buildCommand(
                displayName: "wayland-scanner \(side) \(stem)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    "-c", "mkdir -p \"$(dirname \"$2\")\" && \"$0\" \(side)-header \"$1\" \"$2\" && \(writeCode)",
                    scanner.path, xml.path, header.path, code.path,
                ],
                inputFiles: [xml, manifest],
                outputFiles: [header, code])
        }
    }

    /// The first executable with that name on `PATH` (SwiftPM offers plugins only the tools
    /// that packages vend, not system ones).
    private static func executable(named name: String) -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appending(path: name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: "/usr/bin/\(name)")
    }

    /// The directory where the system's wayland-protocols package keeps its XML.
    private static func waylandProtocolsDirectory() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--variable=pkgdatadir", "wayland-protocols"]
        let pipe = Pipe()
        process.standardOutput = pipe
        if (try? process.run()) != nil {
            process.waitUntilExit()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if process.terminationStatus == 0, !text.isEmpty { return text }
        }
        return "/usr/share/wayland-protocols"
    }
}
