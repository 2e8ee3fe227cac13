import CSystem
import DocumentKit
import Glibc
import Machinery

/// The command line as the kernel passed it. `CommandLine.arguments` repairs invalid UTF-8
/// (a file named `bad\xFF.txt` would become `bad\u{FFFD}.txt`, which does not exist), so file
/// operands that are not UTF-8 are opened here from their bytes, and stand in the rest of the
/// program as `/proc/self/fd/N`, which names the same file; messages show the name as it is.
public struct RawArguments {
    /// The arguments after the program name, as text.
    public private(set) var arguments: [String] = []
    /// The name to show for each stand-in path, its bytes escaped (see `OneLineText`).
    private var displayNames: [(standIn: String, name: String)] = []

    /// Reads the process's argv; a file operand that is not UTF-8 and cannot be opened is a
    /// file error, named in the message.
    public init() throws(DocumentError) {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument)).bindMemory(to: UInt8.self)
            if let text = String(validating: bytes, as: UTF8.self) {
                arguments.append(text)
                continue
            }
            let name = OneLineText.escaping(bytes: bytes)
            // Options and their values are text; a mangled one is a usage error later.
            guard bytes.first != UInt8(ascii: "-") else {
                arguments.append(String(decoding: bytes, as: UTF8.self))
                continue
            }
            // O_PATH: a handle on the name only, so a FIFO does not block and nothing is read
            // here; the document opens `/proc/self/fd/N` as it would the name.
            let descriptor = glide_open_path(argument)
            guard descriptor >= 0 else { throw DocumentError.cannotOpen(path: name, reason: String(cString: strerror(errno))) }
            let standIn = "/proc/self/fd/\(descriptor)"
            arguments.append(standIn)
            displayNames.append((standIn, name))
        }
    }

    /// `message` with each stand-in path replaced by the name the user gave.
    public func naming(_ message: String) -> String {
        var result = message
        // Longest first: `/proc/self/fd/1` is the start of `/proc/self/fd/12`.
        for (standIn, name) in displayNames.sorted(by: { $0.standIn.count > $1.standIn.count }) {
            result = result.replacing(standIn, with: name)
        }
        return result
    }
}
