import CCairo
import DocumentKit
import KindRegistry
import Foundation
import Machinery
import Render
import ScrollEngine
import Viewer

/// A viewer drawn offscreen into a buffer it owns, driven by typed input at 60 Hz frame
/// times: the app's pipeline without a compositor.
final class ViewerHarness {
    let viewer: DocumentViewer
    let width: Int, height: Int, scale: Double
    let pixels: UnsafeMutableRawPointer
    private let bufferIdentity = BufferIdentity()
    /// The frames drawn so far.
    private(set) var frames: [ViewerFrame] = []
    /// The next frame's time in ms (60 Hz).
    private(set) var time = 1000.0
    static let frameMilliseconds = 1000.0 / 60

    /// Called after each frame is drawn, with the buffer holding it.
    var afterFrame: ((ViewerFrame) -> Void)?

    init(layout: any DocumentContent, options: ViewerOptions = ViewerOptions(), width: Int = 800, height: Int = 600,
         scale: Double = 1, position: (anchor: ReadingAnchor, zoomScale: Double)? = nil, quarterTurns: Int = 0) {
        self.width = width
        self.height = height
        self.scale = scale
        let size = LogicalSize(width: Double(width), height: Double(height))
        viewer = DocumentViewer(layout: layout, options: options, windowSize: size, position: position, quarterTurns: quarterTurns)
        // Links open other documents as the app opens them.
        viewer.navigation.hooks.documentOpener = KindRegistry.openLinkedText(_:deliver:)
        viewer.resize(to: size)
        let stride = Int((Double(width) * scale).rounded()) * 4
        pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * Int((Double(height) * scale).rounded()),
                                                  alignment: 16)
        drawFrame()
    }

    deinit {
        pixels.deallocate()
    }

    var buffer: PixelBuffer {
        PixelBuffer(pixels: pixels, width: Int((Double(width) * scale).rounded()),
                    height: Int((Double(height) * scale).rounded()), stride: Int((Double(width) * scale).rounded()) * 4,
                    scale: scale)
    }

    /// Draws the frame at the current frame time and moves the clock one frame on.
    @discardableResult
    func drawFrame() -> ViewerFrame {
        let frame = viewer.frame(at: .callback(milliseconds: time), into: buffer, bufferID: ObjectIdentifier(bufferIdentity))
        frames.append(frame)
        time += ViewerHarness.frameMilliseconds
        afterFrame?(frame)
        return frame
    }

    /// Sends events stamped with the next frame's time, then draws that frame.
    @discardableResult
    func send(_ events: SceneInput...) -> ViewerFrame {
        // Every input carries serial 1, as if one compositor event stood behind them all.
        for event in events { viewer.handle(ViewerInput(event, timeMilliseconds: time, serial: 1)) }
        return drawFrame()
    }

    /// Draws frames until the viewer stops animating.
    @discardableResult
    func runUntilIdle(maximumFrames: Int = 2000) -> [ViewerFrame] {
        var drawn: [ViewerFrame] = []
        while drawn.count < maximumFrames {
            let frame = drawFrame()
            drawn.append(frame)
            if !frame.isAnimating && frame.isAtRest { break }
        }
        return drawn
    }

    /// Draws frames, delivering what workers posted as the app's loop does, until `done`
    /// holds (10 s at most).
    func deliverBackgroundWork(until done: () -> Bool) {
        var descriptor = pollfd(fd: MainThreadMailbox.shared.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(10)
        while !done(), Date() < deadline {
            _ = poll(&descriptor, 1, frames.last!.isAnimating ? 0 : 100)
            if MainThreadMailbox.shared.deliverPending() > 0 { viewer.setNeedsFrame() }
            drawFrame()
        }
    }

    // MARK: Gestures

    func touchDown(_ x: Double, _ y: Double, id: Int = 0) {
        send(.touchDown(id: id, location: LogicalPoint(x: x, y: y)), .touchFrame)
    }

    func touchMove(_ x: Double, _ y: Double, id: Int = 0) {
        send(.touchMotion(id: id, location: LogicalPoint(x: x, y: y)), .touchFrame)
    }

    func touchUp(id: Int = 0) {
        send(.touchUp(id: id), .touchFrame)
    }

    /// A tap: down and up in the next frame, without moving.
    func tap(_ x: Double, _ y: Double) {
        touchDown(x, y)
        touchUp()
    }

    /// One finger from `start` to `end` in `steps` frames, then lifted.
    func drag(from start: LogicalPoint, to end: LogicalPoint, steps: Int = 6) {
        touchDown(start.x, start.y)
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            touchMove(start.x + (end.x - start.x) * fraction, start.y + (end.y - start.y) * fraction)
        }
        touchUp()
    }

    /// Two fingers 240 px apart (times `spanRatio` by the end) about the window's middle,
    /// turned `degrees` clockwise over 12 frames, left down.
    func turnFingers(by degrees: Double, spanRatio: Double = 1) {
        func place(_ t: Double) -> (LogicalPoint, LogicalPoint) {
            let angle = degrees * t * Double.pi / 180, radius = 120 * (1 + (spanRatio - 1) * t)
            let dx = radius * cos(angle), dy = radius * sin(angle)
            let x = Double(width) / 2, y = Double(height) / 2
            return (LogicalPoint(x: x - dx, y: y - dy), LogicalPoint(x: x + dx, y: y + dy))
        }
        let (first, second) = place(0)
        send(.touchDown(id: 1, location: first), .touchDown(id: 2, location: second), .touchFrame)
        for frame in 1...12 {
            let (first, second) = place(Double(frame) / 12)
            send(.touchMotion(id: 1, location: first), .touchMotion(id: 2, location: second), .touchFrame)
        }
    }

    /// Lifts the fingers `turnFingers` put down.
    func liftFingers() {
        send(.touchUp(id: 1), .touchUp(id: 2), .touchFrame)
    }

    /// The ARGB pixel at a device point.
    func pixel(x: Int, y: Int) -> UInt32 {
        pixels.load(fromByteOffset: y * buffer.stride + x * 4, as: UInt32.self)
    }

    /// Whether the buffer holds the same pixels as `other`, row by row.
    func sameBytes(as other: PixelBuffer) -> Bool {
        let buffer = self.buffer
        return (0..<buffer.height).allSatisfy { y in
            memcmp(buffer.pixels + y * buffer.stride, other.pixels + y * other.stride, buffer.width * 4) == 0
        }
    }

    /// The buffer's rows as pixels, for comparing pictures.
    func rows(_ range: Range<Int>) -> [[UInt32]] {
        range.map { y in (0..<buffer.width).map { pixel(x: $0, y: y) } }
    }

    /// How far the content moved up between two pictures of the same rows: the shift that
    /// makes the most rows of `after` equal rows of `before` (rows of one colour do not count).
    static func verticalShift(from before: [[UInt32]], to after: [[UInt32]], maximum: Int) -> Int? {
        func key(_ row: [UInt32]) -> Int? { Set(row).count > 1 ? row.hashValue : nil }
        let old = before.map(key), new = after.map(key)
        return (-maximum...maximum).max { first, second in
            matches(old, new, shift: first) < matches(old, new, shift: second)
        }
    }

    private static func matches(_ before: [Int?], _ after: [Int?], shift: Int) -> Int {
        after.indices.filter { y in
            before.indices.contains(y + shift) && after[y] != nil && before[y + shift] == after[y]
        }.count
    }
}

/// A class instance whose identity names the harness's one buffer.
final class BufferIdentity {}

extension ViewerHarness {
    /// Two fingers 600 px apart about the window's middle (640, 400) that close by
    /// `pixelsPerStep` each, `steps` times: a pinch out of the page, zooming out.
    func pinchFingersTogether(steps: Int, pixelsPerStep: Double) {
        send(.touchDown(id: 0, location: LogicalPoint(x: 340, y: 400)),
             .touchDown(id: 1, location: LogicalPoint(x: 940, y: 400)), .touchFrame)
        for step in 1...steps {
            let half = 300 - Double(step) * pixelsPerStep
            send(.touchMotion(id: 0, location: LogicalPoint(x: 640 - half, y: 400)),
                 .touchMotion(id: 1, location: LogicalPoint(x: 640 + half, y: 400)), .touchFrame)
        }
    }

    /// Lifts the two fingers `pinchFingersTogether` put down.
    func liftTwoFingers() {
        send(.touchUp(id: 0), .touchUp(id: 1), .touchFrame)
    }
}
