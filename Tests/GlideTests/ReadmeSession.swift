import CCairo
import Foundation
import TestSupport
import XCTest

/// Glide on READMEs under headless sway (issue 29): a folder of documents and pictures, the
/// window opened on one of them once it is at rest, and what a user sees and copies from it.
final class ReadmeSession {
    let sway: HeadlessSway
    let directory: URL
    private var glide: ChildProcess?
    /// Whether `glide` is a wrapper (strace) that Glide runs under.
    private var isWrapped = false
    var tracePath: String { directory.appendingPathComponent("trace.jsonl").path }

    init() throws {
        sway = try HeadlessSway()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("glide-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o755)
    }

    /// Ends Glide and removes the folder.
    func close() {
        stopGlide()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Ends Glide run by a wrapper (strace) and waits for both: SIGTERM to Glide itself, which
    /// quits on it with status 0 (the wrapper blocks the signal, and would leave Glide
    /// running), and the wrapper then ends with it.
    func endWrappedGlide() {
        guard let wrapper = glide, isWrapped else { return }
        let pid = wrapper.process.processIdentifier
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGTERM) }
        XCTAssertEqual(wrapper.waitForExit(seconds: 10), 0, "Glide ended, and its wrapper with it")
        glide = nil
    }

    func stopGlide() {
        endWrappedGlide()
        glide?.process.terminate()
        _ = glide?.waitForExit(seconds: 5)
        glide = nil
    }

    /// Writes a `width` × `height` px PNG of one colour, 0xRRGGBB, at `path` (inside the folder
    /// unless it climbs out of it).
    func writePicture(_ path: String, colour: UInt32, width: Int32, height: Int32) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, Double(colour >> 16) / 255, Double((colour >> 8) & 0xFF) / 255, Double(colour & 0xFF) / 255)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        let file = directory.appendingPathComponent(path).standardizedFileURL.path
        XCTAssertEqual(cairo_surface_write_to_png(surface, file), CAIRO_STATUS_SUCCESS)
        chmod(file, 0o644)
        cairo_surface_destroy(surface)
    }

    /// Glide on `markdown` (written to `name`) with `arguments` and `environment`, once it
    /// has drawn and come to rest; run by `wrapper` (a program and its arguments, as strace's)
    /// when one is given.
    func open(_ markdown: String, name: String = "README.md", arguments: [String] = [],
              environment: [String: String] = [:], wrapper: [String] = []) throws {
        stopGlide()
        try? FileManager.default.removeItem(atPath: tracePath)
        let path = directory.appendingPathComponent(name).path
        try markdown.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
        let glideArguments = ["--trace", tracePath] + arguments + [path]
        isWrapped = !wrapper.isEmpty
        if let program = wrapper.first {
            glide = try sway.startGlide(Array(wrapper.dropFirst()) + [BuiltProducts.path(of: "glide")] + glideArguments,
                                        binary: program, environment: environment)
        } else {
            glide = try sway.startGlide(glideArguments, environment: environment)
        }
        _ = try restingOffset()
        _ = try settledScreenshot()
    }

    func restingOffset(timeoutSeconds: Double = 10) throws -> Double {
        try TraceFile.restingOffset(ofTraceAt: tracePath, timeoutSeconds: timeoutSeconds)
    }

    /// A screenshot once two in a row agree (the window's first frames, and pictures being
    /// decoded, settle within 10 s).
    func settledScreenshot() throws -> RGBImage {
        var shot = try sway.screenshot()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            usleep(250_000)
            let next = try sway.screenshot()
            if next.sameColours(as: shot) { return next }
            shot = next
        }
        return shot
    }

    /// One wtype run; a Shift first takes the place of a key lost to wtype's new keymap.
    func wtype(_ arguments: [String]) throws {
        let typed = try ChildProcess.run("/usr/bin/wtype", ["-k", "Shift_L"] + arguments, environment: sway.clientEnvironment)
        XCTAssertEqual(typed.status, 0, typed.error)
    }

    /// Ctrl+A, Ctrl+C, and the clipboard read back. The keys are typed again (at most three
    /// times) while nothing is copied: a window just mapped may not have the keyboard yet.
    func copiedText() throws -> String {
        var pasted: (status: Int32?, output: String, error: String) = (nil, "", "")
        for _ in 0..<3 where pasted.status != 0 {
            try wtype(["-M", "ctrl", "-k", "a", "-k", "c", "-m", "ctrl"])
            let deadline = Date().addingTimeInterval(3)
            repeat {
                usleep(200_000)
                pasted = try ChildProcess.run("/usr/bin/wl-paste", ["--no-newline"], environment: sway.clientEnvironment)
            } while pasted.status != 0 && Date() < deadline
        }
        XCTAssertEqual(pasted.status, 0, pasted.error)
        return pasted.output
    }

    /// Saves what the output shows to /tmp/glide-sway-html-`name`.png, to look at.
    func save(_ name: String) throws {
        _ = try ChildProcess.run("/usr/bin/grim", ["-o", "HEADLESS-1", "/tmp/glide-sway-html-\(name).png"],
                                 environment: sway.clientEnvironment)
    }
}

extension RGBImage {
    func sameColours(as other: RGBImage) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height {
            for x in 0..<width where rgb(x: x, y: y) != other.rgb(x: x, y: y) { return false }
        }
        return true
    }

    /// The rows with a pixel that `matches` (in `columns`, all by default), as runs of
    /// adjacent rows: the text lines top to bottom when it matches ink.
    func rowRuns(in columns: Range<Int>? = nil, where matches: (UInt32) -> Bool) -> [ClosedRange<Int>] {
        let columns = columns ?? 0..<width
        var runs: [ClosedRange<Int>] = []
        for y in 0..<height where columns.contains(where: { matches(rgb(x: $0, y: y)) }) {
            if let last = runs.last, last.upperBound >= y - 1 {
                runs[runs.count - 1] = last.lowerBound...y
            } else {
                runs.append(y...y)
            }
        }
        return runs
    }

    /// The text lines: runs of rows with dark ink (luminance under 100).
    var textLines: [ClosedRange<Int>] {
        rowRuns { pixel in RGBImage.luminance(of: pixel) < 100 }
    }

    /// The lines of text of any shade on the light page, muted ones too (luminance under 180).
    var linesOfAnyShade: [ClosedRange<Int>] {
        rowRuns { pixel in RGBImage.luminance(of: pixel) < 180 }
    }

    /// The luminance of the darkest pixel of `rows`: about 30 for the light page's text, 93
    /// for its muted text (`Palette.secondaryText`, 0x5C5C61).
    func darkestLuminance(in rows: ClosedRange<Int>) -> Double {
        rows.flatMap { y in (0..<width).map { RGBImage.luminance(of: rgb(x: $0, y: y)) } }.min() ?? 255
    }

    /// The columns of `rows` with a pixel that `matches`, as runs of columns at most `gap` px
    /// apart: the words of a line when it matches ink and `gap` is narrower than a space.
    func columnRuns(in rows: ClosedRange<Int>, gap: Int = 1, where matches: (UInt32) -> Bool) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for x in 0..<width where rows.contains(where: { matches(rgb(x: x, y: $0)) }) {
            if let last = runs.last, last.upperBound >= x - gap {
                runs[runs.count - 1] = last.lowerBound...x
            } else {
                runs.append(x...x)
            }
        }
        return runs
    }

    /// The rows of `columns` with ink: the vertical extent of what is drawn there.
    func inkRows(in columns: ClosedRange<Int>, within rows: ClosedRange<Int>) -> ClosedRange<Int>? {
        let inked = rows.filter { y in columns.contains { RGBImage.luminance(of: rgb(x: $0, y: y)) < 100 } }
        guard let first = inked.first, let last = inked.last else { return nil }
        return first...last
    }

    static func luminance(of pixel: UInt32) -> Double {
        0.299 * Double((pixel >> 16) & 0xff) + 0.587 * Double((pixel >> 8) & 0xff) + 0.114 * Double(pixel & 0xff)
    }

    /// Whether `pixel` is within `tolerance` of 0xRRGGBB `colour` in every channel.
    static func isNear(_ pixel: UInt32, _ colour: UInt32, tolerance: Int = 12) -> Bool {
        [16, 8, 0].allSatisfy { shift in abs(Int((pixel >> shift) & 0xff) - Int((colour >> shift) & 0xff)) <= tolerance }
    }
}
