import Foundation

extension GlideSession {
    /// Runs `glide` on `paths` with no compositor to reach (refusals come before it
    /// connects): its exit status and everything it wrote on stderr.
    public static func runWithoutWindow(_ paths: [String], glide: String = GlideSession.glidePath) throws
        -> (status: Int32, error: String) {
        let process = Process()
        let errors = Pipe()
        process.executableURL = URL(fileURLWithPath: glide)
        process.arguments = paths
        process.environment = ["WAYLAND_DISPLAY": "no-such-display", "XDG_RUNTIME_DIR": NSTemporaryDirectory()]
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let error = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, error)
    }
}
