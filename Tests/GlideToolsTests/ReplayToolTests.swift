import Foundation
import TestSupport
import XCTest

/// Runs the built `glide-replay` as a subprocess: options, parse errors and output.
final class ReplayToolTests: XCTestCase {
    private struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    private func run(_ arguments: [String], script: String) throws -> Result {
        let process = Process()
        process.executableURL = try Self.replayExecutable()
        process.arguments = arguments
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    private struct MissingExecutable: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "glide-replay is not built at \(path), beside the test executable; `swift test` builds"
                + " every product there, so build the package (swift build --build-tests) first"
        }
    }

    /// The tool beside the test executable (the directory of /proc/self/exe), where `swift test`
    /// builds every product of the package. Missing, the test fails: a skip would hide it.
    private static func replayExecutable() throws -> URL {
        let testBinary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let candidate = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
            .appendingPathComponent("glide-replay")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw MissingExecutable(path: candidate.path)
        }
        return candidate
    }

    private let flick = """
        {"t": 0, "type": "touch-down", "id": 1, "x": 400, "y": 500}
        {"t": 16, "type": "touch-motion", "id": 1, "x": 400, "y": 470}
        {"t": 32, "type": "touch-motion", "id": 1, "x": 400, "y": 430}

        {"t": 48, "type": "touch-motion", "id": 1, "x": 400, "y": 380}
        {"t": 48.5, "type": "touch-up", "id": 1}
        """

    func testFlickPrintsOneObjectPerFrame() throws {
        let result = try run(["--hz", "30", "-"], script: flick)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.standardError, "")
        let lines = result.standardOutput.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 100)
        let keys = ["t", "x", "y", "zoom", "phase", "page", "pages", "vIndicator", "hIndicator"]
        for line in lines {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(Set(object.keys), Set(keys))
        }
        XCTAssertTrue(lines[1].hasPrefix(#"{"t":33.333,"x":0,"y":"#))
        XCTAssertTrue(lines.last?.contains(#""phase":"idle""#) ?? false)
    }

    func testUnknownTypeNamesTheLine() throws {
        let script = flick + "\n" + #"{"t": 60, "type": "wiggle"}"#
        let result = try run(["-"], script: script)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardOutput, "", "no output before the error")
        XCTAssertEqual(result.standardError, "glide-replay: line 7: unknown event type \"wiggle\"\n")
    }

    func testEveryGestureTypeRuns() throws {
        let script = """
            {"t": 0, "type": "pointer-motion", "x": 400, "y": 300}
            {"t": 10, "type": "axis", "source": "finger", "dx": 0, "dy": 20}
            {"t": 20, "type": "axis", "source": "finger", "dy": 20}
            {"t": 25, "type": "axis-stop", "axis": "both"}
            {"t": 200, "type": "hold-begin"}
            {"t": 300, "type": "hold-end", "cancelled": true}
            {"t": 400, "type": "axis", "source": "wheel", "dy": 10, "value120y": 120}
            {"t": 420, "type": "axis", "source": "wheel", "value120y": 120, "mods": ["shift"]}
            {"t": 440, "type": "axis", "source": "continuous", "dx": 0, "dy": 5}
            {"t": 500, "type": "axis", "source": "wheel", "value120y": -120, "mods": ["ctrl"]}
            {"t": 900, "type": "pinch-begin", "x": 200, "y": 200}
            {"t": 910, "type": "pinch-update", "scale": 1.5, "dx": 1, "dy": 0}
            {"t": 920, "type": "pinch-end", "cancelled": false}
            {"t": 1500, "type": "key", "key": "Next"}
            {"t": 1600, "type": "key", "key": "plus", "mods": ["ctrl", "shift"]}
            {"t": 2000, "type": "pointer-motion", "x": 795, "y": 300}
            {"t": 2010, "type": "pointer-button", "button": "left", "state": "pressed"}
            {"t": 2020, "type": "pointer-motion", "x": 795, "y": 350}
            {"t": 2030, "type": "pointer-button", "button": 272, "state": "released"}
            """
        let result = try run(["--zoom", "1:4", "-"], script: script)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "")
        for phase in ["dragging", "decelerating", "tracking", "animating", "zooming"] {
            XCTAssertTrue(result.standardOutput.contains("\"phase\":\"\(phase)\""), phase)
        }
        XCTAssertTrue(result.standardOutput.contains(#""zoom":1.8,"#), "Ctrl+wheel 1.2, then the pinch ×1.5")
        XCTAssertTrue(result.standardOutput.contains(#""zoom":2.16,"#), "then Ctrl+plus ×1.2")
    }

    func testEndAndPageDownReachTheEndOnTheFirstPressWithAnAnimation() throws {
        func ys(_ output: String) throws -> [Double] {
            try output.split(separator: "\n").map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                return (object["y"] as? Double) ?? Double(object["y"] as! Int)
            }
        }
        func xs(_ output: String) throws -> [Double] {
            try output.split(separator: "\n").map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                return (object["x"] as? Double) ?? Double(object["x"] as! Int)
            }
        }
        let end = try run(["-"], script: #"{"t": 100, "type": "key", "key": "End"}"#)
        XCTAssertEqual(end.status, 0, end.standardError)
        let path = try ys(end.standardOutput)
        XCTAssertEqual(path.last, 20_000 - 600, "the very end of the 800x20000 content")
        XCTAssertGreaterThan(path.filter { $0 > 0 && $0 < 19_400 }.count, 5, "reached over several frames, not a cut")
        let script = #"{"t": 100, "type": "key", "key": "Next"}"# + "\n" + #"{"t": 1000, "type": "key", "key": "Next"}"#
        let pages = try run(["--paging", "--page-control", "--content", "2400x600", "-"], script: script)
        XCTAssertEqual(pages.status, 0, pages.standardError)
        XCTAssertEqual(try xs(pages.standardOutput).last, 1_600, "the last page")
    }

    func testSplitPrintsOneEntryPerView() throws {
        let result = try run(["--split", "-"], script: flick)
        XCTAssertEqual(result.status, 0, result.standardError)
        let keys = ["t", "x", "y", "zoom", "phase", "page", "pages", "vIndicator", "hIndicator"]
        for line in result.standardOutput.split(separator: "\n") {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(Set(object.keys), ["t", "views"])
            let views = try XCTUnwrap(object["views"] as? [[String: Any]])
            XCTAssertEqual(views.count, 2)
            XCTAssertEqual(Set(views[0].keys), Set(keys))
            XCTAssertEqual(views[1]["pages"] as? Int, 10)
        }
    }

    func testMalformedLinesNameTheLine() throws {
        let cases: [(script: String, message: String)] = [
            (#"{"t": 0, "type": "touch-down", "id": 1, "x": 400"#, "line 1: not a JSON object"),
            (#"[1, 2]"#, "line 1: not a JSON object"),
            (#"{"type": "touch-frame"}"#, "line 1: missing or non-numeric \"t\""),
            (#"{"t": 0, "type": "touch-down", "id": 1.5, "x": 1, "y": 2}"#, "line 1: \"id\" must be an integer"),
            (#"{"t": 0, "type": "touch-up", "id": true}"#, "line 1: missing or non-numeric \"id\""),
            ("{\"t\": 5, \"type\": \"touch-frame\"}\n{\"t\": 4, \"type\": \"touch-frame\"}", "line 2: \"t\" goes back in time"),
            (#"{"t": 0, "type": "resize", "width": 0, "height": 10}"#, "line 1: \"width\" and \"height\" must be positive"),
            (#"{"t": 0, "type": "axis", "source": "tilt", "dy": 1}"#, "line 1: \"source\" must be finger, wheel or continuous, not \"tilt\""),
            (#"{"t": 0, "type": "axis", "source": "wheel", "value120y": 0.5}"#, "line 1: \"value120y\" must be an integer"),
            (#"{"t": 0, "type": "axis", "source": "wheel", "mods": ["hyper"]}"#, "line 1: \"mods\" may hold only \"shift\", \"ctrl\", \"alt\" and \"logo\""),
            (#"{"t": 0, "type": "axis-stop", "axis": "diagonal"}"#, "line 1: \"axis\" must be vertical, horizontal or both, not \"diagonal\""),
            (#"{"t": 0, "type": "pinch-update", "scale": 0}"#, "line 1: \"scale\" must be positive"),
            (#"{"t": 0, "type": "pinch-end", "cancelled": 1}"#, "line 1: \"cancelled\" must be true or false"),
            (#"{"t": 0, "type": "key"}"#, "line 1: missing or non-string \"key\""),
            (#"{"t": 0, "type": "pointer-motion", "x": 1}"#, "line 1: missing or non-numeric \"y\""),
            (#"{"t": 0, "type": "pointer-button", "button": "left", "state": "down"}"#, "line 1: \"state\" must be pressed or released, not \"down\""),
            (#"{"t": 0, "type": "pointer-button", "button": "thumb", "state": "pressed"}"#, "line 1: \"button\" must be an evdev code or left, right or middle"),
        ]
        for (script, message) in cases {
            let result = try run(["-"], script: script)
            XCTAssertEqual(result.status, 2, script)
            XCTAssertEqual(result.standardOutput, "", script)
            XCTAssertEqual(result.standardError, "glide-replay: \(message)\n", script)
        }
    }

    func testBadOptionsPrintUsage() throws {
        for arguments in [["--viewport", "800", "-"], ["--bogus", "-"], [], ["--hz", "0", "-"], ["--zoom", "3:1", "-"],
                          ["--deceleration", "1.5", "-"], ["a", "b"], ["--until"]] {
            let result = try run(arguments, script: "")
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.standardOutput, "")
            XCTAssertTrue(result.standardError.contains("usage: glide-replay"), "\(arguments)")
        }
    }

    func testOptionsChangeTheRun() throws {
        let smallFlick = """
            {"t": 0, "type": "touch-down", "id": 1, "x": 200, "y": 250}
            {"t": 16, "type": "touch-motion", "id": 1, "x": 200, "y": 220}
            {"t": 32, "type": "touch-motion", "id": 1, "x": 200, "y": 180}
            {"t": 48, "type": "touch-motion", "id": 1, "x": 200, "y": 130}
            {"t": 48.5, "type": "touch-up", "id": 1}
            """
        let result = try run(
            ["--viewport", "400x300", "--content", "400x900", "--paging", "--page-control", "--zoom", "1:4",
             "--deceleration", "fast", "--directional-lock", "--until", "100", "-"], script: smallFlick)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains(#""pages":3"#))
        XCTAssertTrue(result.standardOutput.contains(#""phase":"dragging""#), "the flick lands in the viewport")
        XCTAssertTrue(result.standardOutput.contains(#""vIndicator":0,"#))
        XCTAssertFalse(result.standardOutput.contains(#""vIndicator":1,"#), "the page control replaces it")
    }
}
