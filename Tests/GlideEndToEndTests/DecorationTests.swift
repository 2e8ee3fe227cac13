import GlideDriver
import TestCompositor
import XCTest

/// Who draws the window's decorations: the compositor when it offers xdg-decoration (Sway),
/// libdecor in glide's process when not (mutter, weston).
final class DecorationTests: GlideTestCase {
    func testWithXdgDecorationGlideAsksForServerSideDecorationsAndDrawsNone() throws {
        let session = try start()
        let toplevel = session.toplevel
        session.compositor.exec { server in
            XCTAssertTrue(toplevel.hasDecorationObject)
            XCTAssertEqual(toplevel.requestedDecorationMode, .serverSide)
            XCTAssertEqual(toplevel.configuredDecorationMode, .serverSide)
            XCTAssertEqual(server.subcompositor.subsurfaces.count, 0, "no decoration surfaces of its own")
            XCTAssertEqual(toplevel.surface.committed.logicalSize, Size(width: 800, height: 600), "the whole window is content")
        }
        // The top-right corner is the page: no close button is drawn, even after a touch.
        try session.down(x: 400, y: 300)
        try session.up()
        let image = try session.image
        XCTAssertEqual(image.rgb(x: 778, y: 22), SurfaceImage.pageColor)
        XCTAssertEqual(try session.close(), 0)
    }

    func testWithoutXdgDecorationLibdecorDrawsThemInSubsurfacesAndTouchCanClose() throws {
        let session = try start(configuration: Configuration(optionalGlobals: .mutterLike))
        let toplevel = session.toplevel
        let (subsurfaces, shown, contentSize) = session.compositor.exec { server in
            let mine = server.subcompositor.subsurfaces.filter { $0.parent === toplevel.surface }
            return (mine.count, mine.filter { $0.surface.committed.image != nil }.count, toplevel.surface.committed.logicalSize)
        }
        XCTAssertFalse(session.compositor.exec { _ in toplevel.hasDecorationObject }, "no xdg-decoration to ask")
        XCTAssertGreaterThan(subsurfaces, 0, "libdecor's decoration subsurfaces")
        XCTAssertGreaterThan(shown, 0, "with pixels")
        XCTAssertEqual(contentSize?.width, 800)
        // (libdecor 0.1.1 gives the whole first configure to the content and adds its title
        // bar on top; from the next configure on, the title bar comes out of the size.)
        let resized = try session.configure(width: 640, height: 480)
        let geometry = session.compositor.exec { _ in toplevel.windowGeometry }
        XCTAssertEqual(resized.logicalSize?.width, 640)
        XCTAssertLessThan(try XCTUnwrap(resized.logicalSize).height, 480, "the title bar takes its share")
        XCTAssertEqual(geometry.map { [$0.width, $0.height] }, [640, 480], "the window is the configured size")
        print("libdecor: \(subsurfaces) subsurfaces; a 640x480 configure gives content \(resized.logicalSize.map(\.description) ?? "none")")

        // libdecor's title bar answers only the pointer; a touch reveals glide's own close
        // button at the top right, and a tap on it closes the window.
        try session.down(x: 400, y: 300)
        try session.up()
        let image = try session.image
        let closeX = image.width - 22, closeY = 22
        XCTAssertLessThan(image.luminance(x: closeX, y: closeY - 10), 200, "the close button is drawn")
        try session.down(x: Double(closeX), y: Double(closeY))
        try session.up()
        XCTAssertEqual(try session.client.waitForExit(), 0)
    }

    /// Touches on libdecor's surfaces are libdecor's business: glide's wl_touch sees them
    /// (one wl_touch per client) and must not scroll.
    func testATouchDragOnTheDecorationsDoesNotScrollTheDocument() throws {
        let session = try start(configuration: Configuration(optionalGlobals: .mutterLike))
        let decoration = try XCTUnwrap(session.compositor.exec { server in
            server.subcompositor.subsurfaces.first { $0.parent === session.surface && $0.surface.committed.image != nil }?.surface
        }, "a decoration subsurface with pixels")
        let frames = session.frameCount
        try session.touch { touch, time in touch.sendDown(on: decoration, id: 0, x: 100, y: 10, time: time) }
        for step in 1...4 {
            try session.touch { touch, time in touch.sendMotion(id: 0, x: 100, y: 10 - 40 * Double(step), time: time) }
        }
        try session.up()
        try session.runUntilIdle()
        XCTAssertEqual(session.frameCount, frames, "glide drew nothing for a touch that is not on its surface")
        XCTAssertTrue(try session.trace().allSatisfy { $0.y == 0 }, "nothing scrolled")
    }
}
