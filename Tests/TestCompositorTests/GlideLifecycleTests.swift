import Foundation
import TestCompositor
import XCTest

/// How the real `glide` ends: closed, quit by key, or cut off; and its keyboard coming and going.
final class GlideLifecycleTests: CompositorTestCase {
    func testTheKeyQEndsTheClientWithStatusZero() throws {
        let client = try launchGlide()
        let (toplevel, _) = try waitForMappedWindow()

        compositor.exec { server in
            server.seat.keyboard.sendEnter(toplevel.surface)
            server.seat.keyboard.typeKey(.q, time: 2000)
        }

        XCTAssertEqual(try client.waitForExit(), 0)
    }

    func testModifiersReachTheClientAltQIsNoQuitButControlQIs() throws {
        let client = try launchGlide()
        let (toplevel, _) = try waitForMappedWindow()
        let keyboard = compositor.exec { $0.seat.keyboard }

        compositor.exec { _ in
            keyboard.sendEnter(toplevel.surface)
            keyboard.sendKey(.leftAlt, isPressed: true, time: 2000)
            keyboard.typeKey(.q, time: 2010)
            keyboard.sendKey(.leftAlt, isPressed: false, time: 2020)
        }
        usleep(300_000)
        XCTAssertTrue(client.isRunning, "Alt+Q is not a quit shortcut")

        compositor.exec { _ in
            keyboard.sendKey(.leftControl, isPressed: true, time: 3000)
            keyboard.typeKey(.q, time: 3010)
        }
        XCTAssertEqual(try client.waitForExit(), 0)
    }

    func testAKeyboardRemovedAndAddedBackWhileRunningStillWorks() throws {
        let client = try launchGlide()
        let (toplevel, _) = try waitForMappedWindow()
        compositor.exec { $0.seat.keyboard.sendEnter(toplevel.surface) }

        compositor.exec { $0.seat.capabilities = [.pointer, .touch] }
        try compositor.wait("glide to release its keyboard") { $0.seat.keyboard.resourceCount == 0 ? () : nil }
        compositor.exec { $0.seat.capabilities = [.pointer, .keyboard, .touch] }
        try compositor.wait("glide to get a new keyboard") { $0.seat.keyboard.resourceCount == 1 ? () : nil }
        compositor.exec { $0.seat.keyboard.typeKey(.q, time: 2000) }

        XCTAssertEqual(try client.waitForExit(), 0)
    }

    func testAnAbruptDisconnectEndsTheClientWithStatusOneAndOneLineWithinASecond() throws {
        let client = try launchGlide()
        _ = try waitForMappedWindow()

        let start = ContinuousClock.now
        compositor.exec { $0.disconnectClients() }
        let status = try client.waitForExit(timeout: .seconds(1))

        XCTAssertEqual(status, 1)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(1))
        let lines = client.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "stderr: \(client.standardError)")
        XCTAssertTrue(lines.first?.hasPrefix("glide: ") == true, "stderr: \(client.standardError)")
    }
}
