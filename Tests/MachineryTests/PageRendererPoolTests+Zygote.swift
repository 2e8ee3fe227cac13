import Foundation
import Glibc
import Machinery
import PDFFixtures
import XCTest

/// Renderers forked from the zygote (`PageRendererZygotes`): one zygote serves every document,
/// each renderer is this process's own child, locked down as one started directly, and a death
/// of either is seen and mended.
extension PageRendererPoolTests {
    /// A process's parent, name and seccomp mode from /proc; nil once it is gone.
    private static func status(of processID: pid_t) -> (parent: pid_t, name: String, seccomp: String)? {
        guard let text = try? String(contentsOfFile: "/proc/\(processID)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> String {
            text.split(separator: "\n").first { $0.hasPrefix(name + ":") }.map {
                $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
            } ?? ""
        }
        return (pid_t(field("PPid")) ?? 0, field("Name"), field("Seccomp"))
    }

    /// A process's state letter from /proc (`Z` for a zombie).
    private static func state(of processID: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(processID)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(close, offsetBy: 2)...].split(separator: " ").first.map(String.init)
    }

    /// Draws one page of `colour` in a new pool forked from the zygote; the pool (to stop) and
    /// its renderer's process ID.
    private func drawForked(red: Double, green: Double, blue: Double, expecting colour: UInt32,
                            file: StaticString = #filePath, line: UInt = #line) throws -> (Pool, pid_t?) {
        let (pool, outcomes) = try pool(pages: [HostilePDF.filled(red: red, green: green, blue: blue)], startsFromZygote: true)
        pool.want([(0, Self.request(page: 0))])
        guard case .drawn(let pixels, _, _, _)? = outcomes.waitFor(0) else {
            XCTFail("not drawn: \(String(describing: outcomes.waitFor(0, seconds: 0)))", file: file, line: line)
            return (pool, nil)
        }
        XCTAssertEqual(Self.pixel(pixels, x: 10, y: 10), colour, file: file, line: line)
        XCTAssertEqual(pool.processIDs.count, 1, file: file, line: line)
        return (pool, pool.processIDs.first)
    }

    func testEveryDocumentsRenderersAreForkedFromOneZygoteAsThisProcesssLockedDownChildren() throws {
        let (first, firstRenderer) = try drawForked(red: 1, green: 0, blue: 0, expecting: 0xff0000)
        defer { first.stop() }
        let zygotes = PageRendererZygotes.processIDs
        XCTAssertEqual(zygotes.count, 1, "one zygote for PDF")
        let (second, secondRenderer) = try drawForked(red: 0, green: 0, blue: 1, expecting: 0x0000ff)
        defer { second.stop() }
        XCTAssertEqual(PageRendererZygotes.processIDs, zygotes, "the second document's renderer came from the same zygote")
        for zygote in zygotes {
            let status = try XCTUnwrap(Self.status(of: zygote))
            XCTAssertEqual(status.parent, getpid())
            XCTAssertEqual(status.name, "glide-zygote", "not counted among the renderers")
            XCTAssertTrue(HelperProcesses.processIDs.contains(zygote), "ended with the process")
        }
        for renderer in [firstRenderer, secondRenderer] {
            let processID = try XCTUnwrap(renderer)
            XCTAssertFalse(zygotes.contains(processID))
            let status = try XCTUnwrap(Self.status(of: processID))
            XCTAssertEqual(status.parent, getpid(), "this process's child, reaped here")
            XCTAssertEqual(status.name, "glide-page-rend")
            XCTAssertEqual(status.seccomp, "2", "locked down (a seccomp filter)")
        }
        first.stop()
        let stopped = try XCTUnwrap(firstRenderer)
        XCTAssertEqual(kill(stopped, 0), -1, "the stopped pool's renderer is gone")
        XCTAssertEqual(errno, ESRCH, "and reaped")
    }

    func testAForkedRendererKilledByOthersIsReplacedAndItsDeathSeen() throws {
        let (pool, outcomes) = try pool(pages: [HostilePDF.filled(red: 0, green: 1, blue: 0)], startsFromZygote: true)
        defer { pool.stop() }
        pool.want([(0, Self.request(page: 0))])
        guard case .drawn? = outcomes.waitFor(0) else { return XCTFail("first render") }
        let killed = try XCTUnwrap(pool.processIDs.first)
        kill(killed, SIGKILL)
        pool.want([(1, Self.request(page: 0))])
        guard case .drawn(let pixels, _, _, _)? = outcomes.waitFor(1) else {
            return XCTFail("after the kill: \(String(describing: outcomes.waitFor(1, seconds: 0)))")
        }
        XCTAssertEqual(Self.pixel(pixels, x: 0, y: 0), 0x00ff00)
        XCTAssertEqual(pool.deathCount, 1, "its end was seen")
        XCTAssertEqual(pool.startCount, 2)
        XCTAssertFalse(HelperProcesses.processIDs.contains(killed))
        XCTAssertEqual(kill(killed, 0), -1, "reaped")
    }

    func testAZygoteThatDiedIsReplacedWithTheNextRenderer() throws {
        let (first, _) = try drawForked(red: 1, green: 1, blue: 0, expecting: 0xffff00)
        first.stop()
        let dead = PageRendererZygotes.processIDs
        XCTAssertEqual(dead.count, 1)
        for zygote in dead {
            kill(zygote, SIGKILL)
            // Ended (a zombie until this process reaps it) before the next document asks.
            let deadline = Date().addingTimeInterval(10)
            while Self.state(of: zygote) != "Z", Date() < deadline { usleep(10_000) }
            XCTAssertEqual(Self.state(of: zygote), "Z")
        }
        let (second, renderer) = try drawForked(red: 0, green: 1, blue: 1, expecting: 0x00ffff)
        defer { second.stop() }
        let replaced = PageRendererZygotes.processIDs
        XCTAssertEqual(replaced.count, 1)
        XCTAssertTrue(Set(replaced).isDisjoint(with: dead), "a new zygote")
        XCTAssertNotNil(renderer)
        XCTAssertEqual(second.deathCount, 0, "the zygote's death is not a renderer's")
        for zygote in dead { XCTAssertFalse(HelperProcesses.processIDs.contains(zygote), "the dead zygote was reaped") }
    }
}
