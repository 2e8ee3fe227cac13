import Foundation
import TestCompositor

/// The real `glide` in a test compositor, with its frame trace, and the steps a test or the
/// demo takes: touch, pointer, gestures, frames, configure, keys.
///
/// Time is the compositor's frame clock: every input event is stamped with the time of the
/// next frame, and each input step presents that frame, as a 60 Hz touchscreen synchronised
/// with a 60 Hz display would. Animations then run frame by frame (`runUntilIdle`), each
/// frame one refresh later, however long the machine takes to draw it. So the trace and the
/// pixels depend only on the events, never on timing.
public final class GlideSession {
    public let compositor: TestCompositor
    public let client: ClientProcess
    /// Where glide writes its trace (`--trace`).
    public let tracePath: String
    /// The operands glide was started with (the document's path for `.text`).
    public let documentPaths: [String]
    public let toplevel: XdgToplevel
    /// The window's surface.
    public var surface: Surface { toplevel.surface }

    /// Starts glide (`glide`, by default the one built beside this program) on `document` in a
    /// compositor of its own, in a window that the first configure sizes `size` (0×0 lets
    /// glide choose), on an output of `outputScale`, with `environment` besides the test's.
    public convenience init(configuration: Configuration = Configuration(), size: Size = Size(width: 800, height: 600),
                            outputScale: Int32 = 1, document: SessionDocument = .longDocument,
                            arguments: [String] = [], environment: [String: String] = [:],
                            glide: String = GlideSession.glidePath) throws {
        let compositor = try TestCompositor(configuration: configuration)
        compositor.exec { server in
            server.output.scale = outputScale
            server.xdgShell.initialToplevelSize = size
        }
        do {
            try self.init(in: compositor, document: document, arguments: arguments, environment: environment, glide: glide)
        } catch {
            compositor.stop()
            throw error
        }
    }

    /// Starts glide in `compositor`, which may have run glide before (to reopen a file whose
    /// reading position that run saved: the compositor's `XDG_STATE_HOME` is the same). Each
    /// run gets a trace file of its own. Throws `GlideExitedError` if glide ends first.
    public init(in compositor: TestCompositor, document: SessionDocument, arguments: [String] = [],
                environment: [String: String] = [:], glide: String = GlideSession.glidePath) throws {
        self.compositor = compositor
        let directory = compositor.runtimeDirectory.path
        // Each run keeps its own trace (glide would overwrite one of the same name).
        tracePath = (1...).lazy.map { directory + "/trace-\($0).jsonl" }.first { !FileManager.default.fileExists(atPath: $0) }!
        switch document {
        case .text(let text):
            let path = directory + "/document.md"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            documentPaths = [path]
        case .paths(let paths):
            documentPaths = paths
        }
        let client = try ClientProcess(glide, arguments: ["--trace", tracePath] + arguments + documentPaths,
                                       compositor: compositor, environment: environment)
        self.client = client
        let shown = try compositor.wait("glide's window to show its first buffer") { server -> XdgToplevel?? in
            let pid = client.processIdentifier
            if let toplevel = server.toplevels.first(where: {
                $0.surface.clientProcessIdentifier == pid && $0.surface.committed.image != nil
            }) {
                return .some(toplevel)
            }
            return client.isRunning ? nil : .some(nil)
        }
        guard let shown else {
            let status = try client.waitForExit()
            throw GlideExitedError(status: status, standardError: client.standardError)
        }
        toplevel = shown
        try runUntilIdle()
    }

    /// The `glide` executable built beside the running program (the test bundle or the demo).
    public static var glidePath: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("glide").path
    }

    // MARK: Time and frames

    /// The time of the next frame in ms: the time input events get.
    public var nextFrameTime: UInt32 { compositor.exec { $0.frameClock.nextFrameTimeMilliseconds } }

    /// Presents one frame and waits until glide has handled it.
    @discardableResult
    public func presentFrame() throws -> UInt32 {
        try compositor.presentFrameAndRoundtrip()
    }

    /// Presents frames until glide stops asking for them, then one more so that the last
    /// commit's presentation feedback completes the trace. Returns the frames presented.
    @discardableResult
    public func runUntilIdle(maximumFrames: Int = 20_000) throws -> Int {
        let frames = try compositor.presentFramesUntilIdle(surface, maximumFrames: maximumFrames)
        try presentFrame()
        return frames
    }

    /// Presents frames one by one while glide asks for them, calling `body` after each with
    /// the frame's time and what glide committed for it (nil if it committed nothing).
    public func runUntilIdle(each body: (_ time: UInt32, _ state: SurfaceState?) throws -> Void) throws {
        var frames = 0
        while compositor.exec({ _ in self.surface.isWaitingForFrame }) {
            frames += 1
            guard frames < 20_000 else { throw SessionError("glide still animates after 20 000 frames") }
            let count = compositor.exec { _ in self.surface.commitCount }
            let time = try presentFrame()
            try body(time, compositor.exec { _ in self.surface.commitCount > count ? self.surface.committed : nil })
        }
        try runUntilIdle()
    }

    // MARK: What glide drew

    /// Glide's trace so far (the frames whose presentation feedback glide has handled).
    public func trace() throws -> [TraceFrame] {
        try compositor.roundtrip()
        return try FrameTrace.read(tracePath)
    }

    /// What the window shows now.
    public var committed: SurfaceState { compositor.exec { _ in self.surface.committed } }
    public var image: SurfaceImage {
        get throws {
            guard let image = committed.image else { throw SessionError("glide's window shows no buffer") }
            return image
        }
    }
    public var commitCount: Int { compositor.exec { _ in self.surface.commitCount } }

    /// How many frames (commits with a buffer) glide committed: frame n is line n of the
    /// trace (counting from 1), since glide writes one line per committed frame, in order.
    public var frameCount: Int { compositor.exec { _ in self.surface.commitLog.filter(\.attachesBuffer).count } }

    /// The trace line of the frame shown now, presenting a frame first if its presentation
    /// feedback is still pending (glide writes a line once its frame's fate is known).
    public func traceOfShownFrame() throws -> TraceFrame {
        let number = frameCount
        var trace = try self.trace()
        if trace.count < number {
            try presentFrame()
            trace = try self.trace()
        }
        guard trace.count >= number else { throw SessionError("the trace has \(trace.count) lines for \(number) frames") }
        return trace[number - 1]
    }

    /// Sends whatever `events` sends (stamped with the next frame's time), waits until glide
    /// has handled it, and presents that frame.
    public func input(_ events: (Server, UInt32) -> Void) throws {
        compositor.exec { server in events(server, server.frameClock.nextFrameTimeMilliseconds) }
        try compositor.roundtrip("glide to handle the input")
        try presentFrame()
    }

    // MARK: Ending

    /// The problems the compositor saw (protocol errors, misdirected events), forgotten.
    public func takeProblems() -> [Problem] {
        compositor.exec { $0.takeProblems() }
    }

    /// Closes the window and waits for glide to exit; returns its status.
    public func close() throws -> Int32 {
        compositor.exec { _ in self.toplevel.sendClose() }
        return try client.waitForExit()
    }

    /// Stops the compositor (and so glide, which loses it).
    public func stop() {
        compositor.stop()
    }
}
