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

    /// The title of Glide's window in sway's tree, once it has one (at most 10 s).
    func glideWindowTitle() throws -> String? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let tree = try JSONSerialization.jsonObject(with: Data(try message(["-t", "get_tree"]).utf8))
            if let title = Self.windowTitle(in: tree, appID: HeadlessSway.glideAppID) { return title }
            usleep(100_000)
        }
        return nil
    }

    private static func windowTitle(in node: Any, appID: String) -> String? {
        guard let node = node as? [String: Any] else { return nil }
        if node["app_id"] as? String == appID, let name = node["name"] as? String { return name }
        for key in ["nodes", "floating_nodes"] {
            for child in node[key] as? [Any] ?? [] {
                if let title = windowTitle(in: child, appID: appID) { return title }
            }
        }
        return nil
    }
}
