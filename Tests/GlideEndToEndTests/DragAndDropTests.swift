import Foundation
import GlideDriver
import TestCompositor
import XCTest

/// Files dragged from another client (a file manager's `text/uri-list`) and dropped on the
/// window open in a window of their own, several as one strip, as Evince opens a drop; the
/// window dropped on stays as it was.
final class DragAndDropTests: GlideTestCase {
    /// glide processes the drops started, ended by the test.
    private var startedWindows: [pid_t] = []

    override func tearDown() {
        for window in startedWindows { kill(window, SIGTERM) }
        super.tearDown()
    }

    private func uriList(_ paths: [String]) -> [UInt8] {
        Array(("# dragged from a file manager\r\n" + paths.map { URL(fileURLWithPath: $0).absoluteString + "\r\n" }.joined()).utf8)
    }

    /// Drags `content` onto the window and waits until glide answered the offer.
    private func drag(_ content: [String: [UInt8]], in session: GlideSession) throws -> DragOffer {
        let drag = try XCTUnwrap(session.compositor.exec { server in
            server.dataDeviceManager.drag(content, onto: session.toplevel.surface, x: 200, y: 200)
        }, "glide has a data device")
        try session.compositor.roundtrip()
        return drag
    }

    func testTwoFilesDroppedOpenAsOneStripInANewWindow() throws {
        let session = try start()
        let directory = session.compositor.runtimeDirectory.path
        let first = directory + "/dropped one.md", second = directory + "/dropped-two.txt"
        try "# The first dropped file\n\nIts text.\n".write(toFile: first, atomically: true, encoding: .utf8)
        try "The second dropped file.\n".write(toFile: second, atomically: true, encoding: .utf8)

        let drag = try drag(["text/uri-list": uriList([first, second]), "text/plain": Array("two files".utf8)], in: session)
        XCTAssertEqual(drag.acceptedType, "text/uri-list", "glide takes the files")
        XCTAssertEqual(drag.acceptedActions, 1, "as a copy (wl_data_device_manager.dnd_action copy)")
        session.compositor.exec { server in server.dataDeviceManager.drop(drag) }
        let firstProcess = session.client.processIdentifier
        let opened = try session.compositor.wait("a new window for the dropped files", timeout: .seconds(30)) { server in
            server.toplevels.first { $0.surface.clientProcessIdentifier != firstProcess && $0.surface.committed.image != nil }
        }
        let pid = session.compositor.exec { _ in opened.surface.clientProcessIdentifier }
        startedWindows.append(pid)
        XCTAssertEqual(drag.receivedTypes, ["text/uri-list"])
        XCTAssertTrue(drag.isFinished, "the drag is finished once the list is read")
        let arguments = try String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8).split(separator: "\0").dropFirst().map(String.init)
        XCTAssertEqual(arguments, [first, second], "both files, in the order dragged, as one strip")
        XCTAssertTrue(session.client.isRunning, "the window dropped on stays")
    }

    func testAFileNoKindShowsIsReportedInOneLineAndOpensNothing() throws {
        let session = try start()
        let program = session.compositor.runtimeDirectory.path + "/program"
        try Data([0x7F, 0x45, 0x4C, 0x46] + [UInt8](repeating: 0, count: 60)).write(to: URL(fileURLWithPath: program))
        let drag = try drag(["text/uri-list": uriList([program])], in: session)
        session.compositor.exec { server in server.dataDeviceManager.drop(drag) }
        try session.compositor.wait("the drag to finish") { _ in drag.isFinished ? true : nil }
        usleep(500_000)
        let windows = session.compositor.exec { server in server.toplevels.count }
        XCTAssertEqual(windows, 1, "no new window")
        XCTAssertEqual(try session.close(), 0)
        XCTAssertEqual(session.client.standardError, "glide: cannot open '\(program)': ELF files are not supported\n")
    }

    func testADragOfTextWithoutFilesIsRefused() throws {
        let session = try start()
        let drag = try drag(["text/plain;charset=utf-8": Array("just words".utf8)], in: session)
        XCTAssertNil(drag.acceptedType, "nothing to open")
        XCTAssertEqual(drag.acceptedActions, 0)
    }
}
