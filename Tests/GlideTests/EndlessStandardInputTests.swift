import Foundation
import Glibc
import TestSupport
import XCTest

/// An endless stream on standard input (issue 28, item 2): refused at the 256 MB limit
/// (`SourceBytes.maximumReadBytes`) with one line and exit status 1, holding no more than the
/// limit while it reads.
final class EndlessStandardInputTests: XCTestCase {
    /// The most the process may have held: the 256 MB read (262,144 KB), the program itself
    /// (26,364 KB in the debug build: /usr/bin/time's %M for `echo hi | glide /dev/stdin`
    /// without a compositor), and some room.
    static let peakResidentKilobytes = 300 * 1024

    /// The stream's first read is 60,000 bytes, then 64 KiB at a time: an array grown by
    /// appending started at that capacity and doubled past the limit before the refusal, holding
    /// 531,288 KB at its peak (285,208 KB read in place).
    func testAnEndlessStreamIsRefusedAtTheLimitWithoutHoldingMore() throws {
        signal(SIGPIPE, SIG_IGN)
        var input: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&input), 0)
        XCTAssertEqual(pipe(&errors), 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for descriptor in input + errors { posix_spawn_file_actions_addclose(&actions, descriptor) }
        // No compositor: the stream is refused before Glide looks for one.
        let environment = ["WAYLAND_DISPLAY=glide-no-such-display", "LANG=C.UTF-8"]
        let arguments = [BuiltProducts.path(of: "glide"), "/dev/stdin"]
        var pid: pid_t = 0
        let spawned = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) }
        }
        XCTAssertEqual(spawned, 0)
        close(input[0])
        close(errors[1])
        let writer = input[1]
        // The writer stops when Glide closes the pipe (EPIPE): it has read all it will.
        Thread.detachNewThread {
            let first = [UInt8](repeating: UInt8(ascii: "a"), count: 60_000)
            guard write(writer, first, first.count) == first.count else {
                close(writer)
                return
            }
            // Glide reads the first 60,000 bytes alone before more come.
            usleep(500_000)
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 16)
            while write(writer, chunk, chunk.count) > 0 {}
            close(writer)
        }
        var status: Int32 = 0
        var usage = rusage()
        XCTAssertEqual(wait4(pid, &status, 0, &usage), pid)
        let message = String(decoding: FileHandle(fileDescriptor: errors[0], closeOnDealloc: true).readDataToEndOfFile(),
                             as: UTF8.self)
        XCTAssertEqual(status & 0x7F, 0, "Glide ended by signal \(status & 0x7F)")
        XCTAssertEqual((status >> 8) & 0xFF, 1, "exit status 1, as for every file that cannot be opened")
        XCTAssertEqual(message, "glide: cannot open '/dev/stdin': more than 256 MB to read\n")
        print("endless standard input: peak resident \(usage.ru_maxrss) KB")
        XCTAssertLessThanOrEqual(usage.ru_maxrss, EndlessStandardInputTests.peakResidentKilobytes,
                                 "the read held no more than the limit")
    }

    /// `strings` as a NULL-terminated C array for the length of `body`.
    private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
