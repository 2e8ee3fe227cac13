import Foundation
import TestCompositor
import XCTest

/// The real `glide` in a test compositor of its own, with its frame trace, and the steps
/// a test takes: touch, frames, configure, scale, keys.
///
/// Time is the compositor's frame clock: every input event is stamped with the time of the
/// next frame, and each input step presents that frame, as a 60 Hz touchscreen synchronised
/// with a 60 Hz display would. Animations then run frame by frame (`runUntilIdle`), each
/// frame one refresh later, however long the machine takes to draw it. So the trace and the
/// pixels depend only on the test's events, never on timing.
final class GlideSession {
    let compositor: TestCompositor
    let client: ClientProcess
    /// Where glide writes its trace (`--trace`).
    let tracePath: String
    let toplevel: XdgToplevel
    /// The window's surface.
    var surface: Surface { toplevel.surface }

    /// Starts glide on `document` (the long test document by default) in a window that the
    /// first configure sizes `size` (0×0 lets glide choose), on an output of `outputScale`.
    init(configuration: Configuration = Configuration(), size: Size = Size(width: 800, height: 600),
         outputScale: Int32 = 1, document: String = GlideSession.longDocument, arguments: [String] = []) throws {
        compositor = try TestCompositor(configuration: configuration)
        let directory = compositor.runtimeDirectory.path
        tracePath = directory + "/trace.jsonl"
        let documentPath = directory + "/document.md"
        try document.write(toFile: documentPath, atomically: true, encoding: .utf8)
        compositor.exec { server in
            server.output.scale = outputScale
            server.xdgShell.initialToplevelSize = size
        }
        client = try ClientProcess(Self.glidePath, arguments: ["--trace", tracePath] + arguments + [documentPath],
                                   compositor: compositor)
        toplevel = try compositor.wait("glide's window to show its first buffer") { server in
            server.toplevels.first { $0.surface.committed.image != nil }
        }
        try runUntilIdle()
    }

    /// The `glide` executable, built beside the test bundle.
    static var glidePath: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("glide").path
    }

    /// A long Markdown document of numbered paragraphs of varied words, so that every line
    /// differs from its neighbours (which makes image shifts unambiguous) and a fling has room.
    static let longDocument: String = {
        let words = ["glide", "scroll", "finger", "page", "quiet", "river", "amber", "window", "lattice", "motion",
                     "harbour", "signal", "pixel", "meadow", "copper", "thread", "velvet", "orbit", "canvas", "ember"]
        var state: UInt32 = 12345
        func next() -> Int {
            state = state &* 1_103_515_245 &+ 12345
            return Int((state >> 16) & 0x7fff)
        }
        var text = "# A long document\n\n"
        for paragraph in 1...300 {
            let count = 6 + next() % 30
            text += "\(paragraph). " + (0..<count).map { _ in words[next() % words.count] }.joined(separator: " ") + "\n\n"
        }
        return text
    }()

    // MARK: Time and frames

    /// The time of the next frame in ms: the time input events get.
    var nextFrameTime: UInt32 { compositor.exec { $0.frameClock.nextFrameTimeMilliseconds } }

    /// Presents one frame and waits until glide has handled it.
    @discardableResult
    func presentFrame() throws -> UInt32 {
        try compositor.presentFrameAndRoundtrip()
    }

    /// Presents frames until glide stops asking for them, then one more so that the last
    /// commit's presentation feedback completes the trace. Returns the frames presented.
    @discardableResult
    func runUntilIdle(maximumFrames: Int = 20_000) throws -> Int {
        let frames = try compositor.presentFramesUntilIdle(surface, maximumFrames: maximumFrames)
        try presentFrame()
        return frames
    }

    /// Presents frames one by one while glide asks for them, calling `body` after each with
    /// the frame's time and what glide committed for it (nil if it committed nothing).
    func runUntilIdle(each body: (_ time: UInt32, _ state: SurfaceState?) throws -> Void) throws {
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

    /// Glide's trace so far (the frames whose presentation feedback glide has handled).
    func trace() throws -> [TraceFrame] {
        try compositor.roundtrip()
        return try FrameTrace.read(tracePath)
    }

    /// What the window shows now.
    var committed: SurfaceState { compositor.exec { _ in self.surface.committed } }
    var image: SurfaceImage {
        get throws { try XCTUnwrap(committed.image, "glide's window shows no buffer") }
    }
    var commitCount: Int { compositor.exec { _ in self.surface.commitCount } }

    /// How many frames (commits with a buffer) glide committed: frame n is line n of the
    /// trace (counting from 1), since glide writes one line per committed frame, in order.
    var frameCount: Int { compositor.exec { _ in self.surface.commitLog.filter(\.attachesBuffer).count } }

    /// The trace line of the frame shown now, presenting a frame first if its presentation
    /// feedback is still pending (glide writes a line once its frame's fate is known).
    func traceOfShownFrame() throws -> TraceFrame {
        let number = frameCount
        var trace = try self.trace()
        if trace.count < number {
            try presentFrame()
            trace = try self.trace()
        }
        guard trace.count >= number else { throw SessionError("the trace has \(trace.count) lines for \(number) frames") }
        return trace[number - 1]
    }

    // MARK: Touch

    /// Sends touch events stamped with the next frame's time, then (unless `frame` is false)
    /// `wl_touch.frame`; waits until glide has handled them and presents that frame.
    func touch(frame: Bool = true, _ events: (Touch, UInt32) -> Void) throws {
        compositor.exec { server in
            events(server.seat.touch, server.frameClock.nextFrameTimeMilliseconds)
            if frame { server.seat.touch.sendFrame() }
        }
        try compositor.roundtrip("glide to handle the touch events")
        try presentFrame()
    }

    func down(_ id: Int32 = 0, x: Double, y: Double) throws {
        let surface = self.surface
        try touch { touch, time in touch.sendDown(on: surface, id: id, x: x, y: y, time: time) }
    }

    func move(_ id: Int32 = 0, x: Double, y: Double) throws {
        try touch { touch, time in touch.sendMotion(id: id, x: x, y: y, time: time) }
    }

    /// Lifts finger `id`; with `frame: false` no `wl_touch.frame` follows, as from weston and
    /// mutter 43 after the last `up`.
    func up(_ id: Int32 = 0, frame: Bool = true) throws {
        try touch(frame: frame) { touch, time in touch.sendUp(id: id, time: time) }
    }

    func cancelTouches() throws {
        try touch(frame: false) { touch, _ in touch.sendCancel() }
    }

    /// Drags finger `id`, already down at (x, y), by `distance` px vertically in `steps`
    /// equal motions, one per frame. Positive distances move the finger down the screen.
    func drag(_ id: Int32 = 0, x: Double, from y: Double, by distance: Double, steps: Int) throws {
        for step in 1...steps {
            try move(id, x: x, y: y + distance * Double(step) / Double(steps))
        }
    }

    /// A one-finger flick: down at (x, y), `steps` motions of `distance / steps` px, one per
    /// frame, and up (with or without a frame) at the next frame.
    func flick(x: Double = 400, from y: Double, by distance: Double, steps: Int = 6, liftFrame: Bool = true) throws {
        try down(x: x, y: y)
        try drag(x: x, from: y, by: distance, steps: steps)
        try up(frame: liftFrame)
    }

    // MARK: Window

    /// Configures the window to `width`×`height` with `states`, and waits for the commit
    /// that answers it.
    @discardableResult
    func configure(width: Int32, height: Int32, states: [XdgToplevel.State] = [.activated]) throws -> SurfaceState {
        let count = compositor.exec { _ in
            self.toplevel.sendConfigure(width: width, height: height, states: states)
            return self.surface.commitCount
        }
        return try compositor.wait("glide to answer the configure to \(width)×\(height)") { _ in
            self.surface.commitCount > count ? self.surface.committed : nil
        }
    }

    /// Gives glide the keyboard focus and types `key` (with `modifiers` held) at the next frame's time.
    func type(_ key: KeyCode, with modifiers: [KeyCode] = []) throws {
        compositor.exec { server in
            let keyboard = server.seat.keyboard
            let time = server.frameClock.nextFrameTimeMilliseconds
            if keyboard.focus !== self.surface { keyboard.sendEnter(self.surface) }
            for modifier in modifiers { keyboard.sendKey(modifier, isPressed: true, time: time) }
            keyboard.typeKey(key, time: time)
            for modifier in modifiers.reversed() { keyboard.sendKey(modifier, isPressed: false, time: time) }
        }
        try compositor.roundtrip("glide to handle the key")
    }

    /// The problems the compositor saw (protocol errors, misdirected events), forgotten.
    func takeProblems() -> [Problem] {
        compositor.exec { $0.takeProblems() }
    }

    /// Closes the window and waits for glide to exit; returns its status.
    func close() throws -> Int32 {
        compositor.exec { _ in self.toplevel.sendClose() }
        return try client.waitForExit()
    }

    func stop() {
        compositor.stop()
    }
}

/// A session step that could not be completed.
struct SessionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An end-to-end test: `session` is started by the test (with its own configuration); the
/// teardown fails the test if the compositor saw a problem the test did not take, and
/// stops glide and the compositor.
class GlideTestCase: XCTestCase {
    var session: GlideSession?

    func start(configuration: Configuration = Configuration(), size: Size = Size(width: 800, height: 600),
               outputScale: Int32 = 1, arguments: [String] = []) throws -> GlideSession {
        let session = try GlideSession(configuration: configuration, size: size, outputScale: outputScale,
                                       arguments: arguments)
        self.session = session
        return session
    }

    override func tearDown() {
        if let session {
            let problems = session.takeProblems()
            XCTAssertEqual(problems, [], "the test compositor saw problems: \(problems.map(\.description).joined(separator: "; "))")
            session.stop()
        }
        session = nil
        super.tearDown()
    }
}
