// glide-replay: runs a script of input events through the scroll engine and prints the state of
// every frame as JSON Lines. The script and trace formats are the contract in docs/replay.md.
import Foundation
import GlideTools
import ScrollEngine

let usage =
    "usage: glide-replay [--viewport WxH] [--content WxH] [--paging] [--page-control]"
    + " [--zoom MIN:MAX] [--deceleration normal|fast|RATE] [--directional-lock] [--split] [--hz N]"
    + " [--until MS] SCRIPT"

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("glide-replay: \(message)\n".utf8))
    exit(status)
}

func failUsage(_ message: String) -> Never {
    fail("\(message)\n\(usage)", status: 2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--help"] || arguments == ["-h"] {
    print(usage)
    exit(0)
}

let command: ReplayCommand
do {
    command = try ReplayCommand(arguments: arguments)
} catch {
    failUsage(error.message)
}

let scriptData: Data
do {
    scriptData =
        command.scriptPath == "-"
        ? FileHandle.standardInput.readDataToEndOfFile()
        : try Data(contentsOf: URL(fileURLWithPath: command.scriptPath))
} catch {
    fail("cannot read \(command.scriptPath): \(error.localizedDescription)", status: 1)
}

let inputs: [ReplayInput]
do {
    inputs = try ReplayScriptParser.parse(scriptData)
} catch {
    fail(error.message, status: 2)
}

ReplayRunner.run(inputs, options: command.options) { frame in
    print(frame.traceLine)
}
