import Foundation
import TestCompositor
import XCTest

/// A test with its own compositor, which fails if the compositor saw a problem the test did
/// not take (`takeProblems`) and expect.
class CompositorTestCase: XCTestCase {
    private(set) var compositor: TestCompositor!

    override func setUpWithError() throws {
        compositor = try TestCompositor()
    }

    override func tearDown() {
        let problems = compositor.exec { $0.takeProblems() }
        XCTAssertEqual(problems, [], "the test compositor saw problems: \(problems.map(\.description).joined(separator: "; "))")
        compositor.stop()
        compositor = nil
    }

    /// Starts the real `glide`, built beside this test binary, on a short Markdown document.
    func launchGlide() throws -> ClientProcess {
        let document = compositor.runtimeDirectory.path + "/document.md"
        let text = "# Glide\n\nDark text on a light page, shown by the real client.\n\n"
            + String(repeating: "A paragraph of several words to fill some lines of the page. ", count: 20)
        try text.write(toFile: document, atomically: true, encoding: .utf8)
        let executable = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent().appendingPathComponent("glide").path
        return try ClientProcess(executable, arguments: [document], compositor: compositor)
    }

    /// Waits until the client's window shows its first buffer; returns it and its state.
    func waitForMappedWindow() throws -> (toplevel: XdgToplevel, state: SurfaceState) {
        try compositor.wait("the client's window to show a buffer") { server in
            server.toplevels.lazy.compactMap { toplevel in
                toplevel.surface.committed.image != nil ? (toplevel, toplevel.surface.committed) : nil
            }.first
        }
    }

    /// Waits for the commit after the `count`th of `surface`, presenting frames whenever the
    /// client waits for one (so a client that draws on frame callbacks gets there).
    func waitForCommit(of surface: Surface, after count: Int, _ description: String) throws -> SurfaceState {
        try compositor.wait(description) { server in
            if surface.commitCount > count { return surface.committed }
            if surface.isWaitingForFrame { server.presentFrame() }
            return nil
        }
    }
}
