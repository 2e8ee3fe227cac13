import ArchiveFixtures
import Foundation
import TestSupport
import XCTest

/// `glide-thumbnailer` as GNOME Files runs it: in bubblewrap, with /usr read-only, no network,
/// the input bound read-only at /tmp/gnome-desktop-file-to-thumbnail.EXT and an output folder
/// bound at /tmp (gnome-desktop's thumbnail script, as its debug log prints the command).
final class ThumbnailerTests: XCTestCase {
    private var folder = ""
    private var thumbnailer: String { BuiltProducts.releasePath(of: "glide-thumbnailer") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("glide-thumbnails-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: thumbnailer), "make test builds the release thumbnailer first")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs the thumbnailer on `input` at `size` in GNOME's sandbox; the folder bound at /tmp
    /// and what the run printed and returned.
    private func sandboxed(_ input: String, size: Int) throws -> (output: String, inputMountPoint: String, status: Int32?, error: String) {
        let outputFolder = folder + "/out-\(size)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
        let name = URL(fileURLWithPath: input).pathExtension
        let inside = "/tmp/gnome-desktop-file-to-thumbnail" + (name.isEmpty ? "" : "." + name)
        // The release build's folder stands where gnome-desktop binds a prefix outside /usr.
        let products = URL(fileURLWithPath: thumbnailer).deletingLastPathComponent().path
        var arguments = ["--ro-bind", "/usr", "/usr", "--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache"]
        for directory in ["bin", "lib64", "lib", "sbin"] {
            // Merged into /usr (Debian 12) or a folder of its own.
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/" + directory) {
                arguments += ["--symlink", target, "/" + directory]
            } else {
                arguments += ["--ro-bind-try", "/" + directory, "/" + directory]
            }
        }
        arguments += ["--ro-bind-try", "/var/cache/fontconfig", "/var/cache/fontconfig",
                      "--proc", "/proc", "--dev", "/dev", "--chdir", "/", "--setenv", "GIO_USE_VFS", "local",
                      "--unshare-all", "--die-with-parent", "--clearenv",
                      "--ro-bind", products, products,
                      "--bind", outputFolder, "/tmp", "--ro-bind", input, inside,
                      thumbnailer, "-s", String(size), inside, "/tmp/gnome-desktop-thumbnailer.png"]
        let run = try ChildProcess.run("/usr/bin/bwrap", arguments, timeoutSeconds: 60)
        return (outputFolder, URL(fileURLWithPath: inside).lastPathComponent, run.status, run.error)
    }

    private func assertThumbnail(of input: String, size: Int, file: StaticString = #filePath, line: UInt = #line,
                                 check: (RGBImage) -> Void = { _ in }) throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let inputBytes = try Data(contentsOf: URL(fileURLWithPath: input))
        let run = try sandboxed(input, size: size)
        XCTAssertEqual(run.status, 0, "\(input) at \(size): \(run.error)", file: file, line: line)
        XCTAssertEqual(run.error, "", file: file, line: line)
        // bubblewrap leaves the empty file it mounted the input on.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: run.output).sorted(),
                       [run.inputMountPoint, "gnome-desktop-thumbnailer.png"].sorted(), "nothing written but the output", file: file, line: line)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: run.output + "/" + run.inputMountPoint)[.size] as? Int, 0,
                       file: file, line: line)
        let image = try RGBImage(pngFile: run.output + "/gnome-desktop-thumbnailer.png")
        XCTAssertEqual(max(image.width, image.height), size, "the thumbnail fills its size", file: file, line: line)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: input)), inputBytes, "the input is untouched", file: file, line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted().filter { !$0.hasPrefix("out-") },
                       before.filter { !$0.hasPrefix("out-") }, file: file, line: line)
        check(image)
    }

    /// Pixels darker than the page by a quarter: text, which a thumbnail shrinks to grey.
    private func textPixels(_ image: RGBImage) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.luminance(x: x, y: y) < 190 { count += 1 }
        }
        return count
    }

    func testAMarkdownFilesThumbnailIsItsFirstPageWithTextAt128And256() throws {
        let path = folder + "/notes.md"
        let paragraphs = (1...30).map { "Paragraph \($0) of notes about gliding pages, read on a touch screen." }
        try ("# Notes about Glide\n\n" + paragraphs.joined(separator: "\n\n")).write(toFile: path, atomically: true, encoding: .utf8)
        for size in [128, 256] {
            try assertThumbnail(of: path, size: size) { image in
                XCTAssertLessThan(image.width, image.height, "a portrait page")
                XCTAssertGreaterThan(textPixels(image), image.width * image.height / 50, "text on the page")
            }
        }
    }

    func testAPlainTextFilesThumbnailHasItsText() throws {
        let path = folder + "/app.log"
        try (1...80).map { "line \($0): everything is fine, the job ran" }.joined(separator: "\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        try assertThumbnail(of: path, size: 128) { image in
            XCTAssertGreaterThan(textPixels(image), image.width * image.height / 50)
        }
    }

    func testAnEPUBsThumbnailShowsItsText() throws {
        let markdown = folder + "/book.md", book = folder + "/book.epub"
        try ("% A Book\n\n# One\n\n" + (1...20).map { "Sentence \($0) of the first chapter." }.joined(separator: " "))
            .write(toFile: markdown, atomically: true, encoding: .utf8)
        let pandoc = try ChildProcess.run("/usr/bin/pandoc", [markdown, "-o", book])
        XCTAssertEqual(pandoc.status, 0, pandoc.error)
        for size in [128, 256] {
            try assertThumbnail(of: book, size: size) { image in
                XCTAssertGreaterThan(textPixels(image), image.width * image.height / 100, "the book's first page has text")
            }
        }
    }

    func testAComicsThumbnailIsItsFirstPageInItsOwnShape() throws {
        let path = folder + "/comic.cbz"
        // Pages named out of order: the first in natural order is green and wide.
        try ArchiveWriter.write([
            ArchiveEntry("page10.png", bytes: TestImages.redPNG(width: 300, height: 400)),
            ArchiveEntry("page2.png", bytes: TestImages.redPNG(width: 400, height: 200, red: 0, green: 0.8, blue: 0)),
        ], to: path)
        for size in [128, 256] {
            try assertThumbnail(of: path, size: size) { image in
                XCTAssertEqual(Double(image.width) / Double(image.height), 2, accuracy: 0.05, "the first page's shape")
                let centre = image.rgb(x: image.width / 2, y: image.height / 2)
                XCTAssertGreaterThan((centre >> 8) & 0xff, 0xa0, String(centre, radix: 16))
                XCTAssertLessThan((centre >> 16) & 0xff, 0x40, String(centre, radix: 16))
            }
        }
    }

    /// On a loaded machine the image decoder's process can take a while to start: the
    /// thumbnailer waits for the page rather than taking the wait for a quiet spell and
    /// writing the grey placeholder (which the shared cache would then keep). The decoder here
    /// sleeps a second before it runs, beside a copy of the thumbnailer that finds it there.
    func testAComicsThumbnailWaitsForADecoderSlowToStart() throws {
        let bin = folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BuiltProducts.path(of: "glide-thumbnailer"), toPath: bin + "/glide-thumbnailer")
        try "#!/bin/sh\nsleep 1\nexec '\(BuiltProducts.path(of: "glide-image-decoder"))' \"$@\"\n"
            .write(toFile: bin + "/glide-image-decoder", atomically: true, encoding: .utf8)
        chmod(bin + "/glide-image-decoder", 0o755)
        let path = folder + "/comic.cbz"
        try ArchiveWriter.write([ArchiveEntry("page1.png", bytes: TestImages.redPNG(width: 300, height: 400, red: 0, green: 0.8, blue: 0))],
                                to: path)
        let output = folder + "/comic.png"
        let result = try ChildProcess.run(bin + "/glide-thumbnailer", ["-s", "128", path, output])
        XCTAssertEqual(result.status, 0, result.error)
        let image = try RGBImage(pngFile: output)
        let centre = image.rgb(x: image.width / 2, y: image.height / 2)
        XCTAssertGreaterThan((centre >> 8) & 0xff, 0xa0, "the green page, not a placeholder: \(String(centre, radix: 16))")
        XCTAssertLessThan((centre >> 16) & 0xff, 0x40, String(centre, radix: 16))
    }

    func testAFileItCannotShowIsOneLineAndStatus1AndABadCommandLineStatus2() throws {
        let path = folder + "/program"
        try Data([0x7F, 0x45, 0x4C, 0x46] + [UInt8](repeating: 0, count: 60)).write(to: URL(fileURLWithPath: path))
        let refused = try ChildProcess.run(thumbnailer, ["-s", "128", path, folder + "/out.png"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.error, "glide: cannot open '\(path)': ELF files are not supported\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/out.png"))
        for arguments in [[], ["-s", "0", path, folder + "/out.png"], ["-s", "128", path]] {
            let usage = try ChildProcess.run(thumbnailer, arguments)
            XCTAssertEqual(usage.status, 2, "\(arguments)")
            XCTAssertEqual(usage.error.filter { $0 == "\n" }.count, 1, usage.error)
        }
    }
}
