import Foundation
import TestSupport

/// The `glide-virtual-pointer` tool, kept running so sway's seat keeps its pointer; each
/// command returns once the compositor has handled it.
final class VirtualPointer {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: BuiltProducts.path(of: "glide-virtual-pointer"))
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Sends one command (see the tool's main.swift) and waits for its "ok".
    func send(_ command: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
        var answer = Data()
        while !answer.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw HarnessError("glide-virtual-pointer stopped at '\(command)'") }
            answer.append(chunk)
        }
        guard String(decoding: answer, as: UTF8.self).hasPrefix("ok") else {
            throw HarnessError("glide-virtual-pointer answered '\(String(decoding: answer, as: UTF8.self))'")
        }
    }
}

/// The frames of a `--trace` file: the vertical offset and phase of each.
struct TraceFile {
    struct Frame: Decodable {
        let t: Double
        let y: Double
        let phase: String
        /// The page control's current page (from 0).
        let page: Int?
    }

    let frames: [Frame]

    init(path: String) throws {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        frames = try text.split(separator: "\n").map { try JSONDecoder().decode(Frame.self, from: Data($0.utf8)) }
    }

    /// The offset the window at rest shows: the trace at `path` has stopped growing, its last
    /// frame idle (and, with `start`, more than 1 px from it), polled every 0.3 s.
    static func restingOffset(ofTraceAt path: String, movedFrom start: Double? = nil,
                              timeoutSeconds: Double = 10) throws -> Double {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        var last = -1
        while Date() < deadline {
            usleep(300_000)
            let frames = try TraceFile(path: path).frames
            if frames.count == last, let final = frames.last, final.phase == "idle",
               start.map({ abs(final.y - $0) > 1 }) ?? true { return final.y }
            last = frames.count
        }
        throw HarnessError("the window never came to rest")
    }
}

extension VirtualPointer {
    /// Moves the pointer to (`x`, `y`) of the output and rests there, as a hand does before
    /// it presses or turns the wheel: the client has had the enter and the motion (and drawn
    /// its hover) by then, even on a loaded machine. (A wheel notch sent at once after the
    /// first motion of a new pointer was lost on a loaded CI machine.)
    func move(x: Int, y: Int) throws {
        try send("move \(x) \(y)")
        usleep(150_000)
    }

    /// Clicks the left button at (`x`, `y`) of the output.
    func click(x: Int, y: Int) throws {
        try move(x: x, y: y)
        try send("press")
        try send("release")
    }

    /// Clicks the right button at (`x`, `y`) of the output.
    func rightClick(x: Int, y: Int) throws {
        try move(x: x, y: y)
        try send("press-right")
        try send("release-right")
    }

    /// Two touchpad fingers at the output's centre moving `step` px down every 16 ms for
    /// `frames` frames, then lifted (axis_stop, which starts a fling).
    func flick(step: Int, frames: Int) throws {
        try move(x: 640, y: 400)
        for _ in 0..<frames {
            try send("finger 0 \(step)")
            usleep(16_000)
        }
        try send("stop")
    }
}
