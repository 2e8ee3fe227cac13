import Foundation
import TestSupport

/// Glide as a client of headless sway: started until its window is mapped, and read back
/// once it shows text.
extension HeadlessSway {
    static let glideAppID = "dev.glide.Glide"

    /// Starts `binary` with `arguments` and returns once its window is mapped.
    func startGlide(_ arguments: [String], binary: String = BuiltProducts.path(of: "glide"),
                    environment overrides: [String: String] = [:]) throws -> ChildProcess {
        let glide = ChildProcess(binary, arguments, environment: clientEnvironment.merging(overrides) { $1 })
        try glide.start()
        do {
            try waitForWindow(of: glide)
        } catch {
            glide.process.terminate()
            glide.waitForExit(seconds: 5)
            throw error
        }
        return glide
    }

    /// Waits until `client` has a window with `appID` (at most `timeoutSeconds`); throws with
    /// what the client printed when it ends or the time runs out first.
    func waitForWindow(of client: ChildProcess, appID: String = HeadlessSway.glideAppID, timeoutSeconds: Double = 15) throws {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while try !hasWindow(appID: appID) {
            guard client.process.isRunning else { throw HarnessError("the client exited early: \(client.standardError)") }
            guard Date() < deadline else { throw HarnessError("no window after \(timeoutSeconds) s: \(client.standardError)") }
            usleep(50_000)
        }
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
