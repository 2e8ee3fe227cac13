import Foundation

/// Glide as a client of headless sway: started until its window is mapped, and read back
/// once it shows text.
extension HeadlessSway {
    static let glideAppID = "dev.glide.Glide"

    /// Starts `binary` with `arguments` and returns once its window is mapped.
    func startGlide(_ arguments: [String], binary: String = BuiltProducts.path(of: "glide"),
                    environment overrides: [String: String] = [:]) throws -> ChildProcess {
        let glide = ChildProcess(binary, arguments, environment: clientEnvironment.merging(overrides) { $1 })
        try glide.start()
        let deadline = Date().addingTimeInterval(15)
        while try !hasWindow(appID: HeadlessSway.glideAppID) {
            guard glide.process.isRunning else {
                throw HarnessError("glide exited early: \(glide.standardError)")
            }
            guard Date() < deadline else { throw HarnessError("glide's window did not appear") }
            usleep(50_000)
        }
        return glide
    }

    /// A screenshot once the window shows text (the first frame may take a moment).
    func screenshotWithText() throws -> InkAnalysis {
        var analysis = InkAnalysis(try screenshot())
        let deadline = Date().addingTimeInterval(5)
        while analysis.textLineCount < 5 && Date() < deadline {
            usleep(100_000)
            analysis = InkAnalysis(try screenshot())
        }
        return analysis
    }
}
