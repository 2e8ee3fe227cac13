import Foundation
import TestSupport
import XCTest

/// `make run` where no compositor runs (a console, ssh, CI): it plays the bundled guide in the
/// test compositor and says where the pictures are. The builds are the test run's own
/// (SWIFT=true skips make's, which would wait for this build's lock; DEMO is the debug
/// glide-demo, which drives the debug glide beside it).
final class MakeRunTests: XCTestCase {
    func testWithoutACompositorMakeRunPlaysTheGuideAndSaysWhereThePicturesAre() throws {
        let pictures = FileManager.default.temporaryDirectory.appendingPathComponent("glide-run-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: pictures) }
        var environment = SourceTree.environmentWithoutLocale
        environment["WAYLAND_DISPLAY"] = nil
        environment["XDG_RUNTIME_DIR"] = FileManager.default.temporaryDirectory.path + "/glide-no-compositor"
        let run = try ChildProcess.run(
            "/usr/bin/make", ["-C", SourceTree.path, "--no-print-directory", "run", "SWIFT=true",
                              "DEMO=\(BuiltProducts.path(of: "glide-demo"))", "RUN_PICTURES=\(pictures)"],
            environment: environment, timeoutSeconds: 300)
        XCTAssertEqual(run.status, 0, run.error + run.output)
        XCTAssertTrue(run.output.contains("make run: no Wayland compositor at "), run.output)
        let lastLine = run.output.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(lastLine.hasSuffix("are in \(pictures)/"), "the last line names the folder: \(lastLine)")

        let names = try FileManager.default.contentsOfDirectory(atPath: pictures).sorted()
        XCTAssertEqual(names, ["1-first-page.png", "2-mid-flick.png", "3-rubber-band.png", "4-pinch-zoom.png",
                               "5-page-turn.png", "contact-sheet.png"])
        for name in names {
            let size = (try FileManager.default.attributesOfItem(atPath: pictures + "/" + name)[.size] as? Int) ?? 0
            XCTAssertGreaterThan(size, 10_000, "\(name) holds a picture")
        }
    }
}
