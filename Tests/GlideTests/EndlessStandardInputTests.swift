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
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&input), 0)
        XCTAssertEqual(pipe(&output), 0)
        XCTAssertEqual(pipe(&errors), 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for descriptor in input + output + errors { posix_spawn_file_actions_addclose(&actions, descriptor) }
        // No compositor: the stream is refused before Glide looks for one.
        let environment = ["WAYLAND_DISPLAY=glide-no-such-display", "LANG=C.UTF-8"]
        // Glide runs under a small Python that reports its children's peak: a child spawned
        // straight from this process would count the test process's own resident memory
        // (exec keeps the peak of the memory it replaces, shared with the parent by vfork).
        let script = """
            import resource, subprocess, sys
            status = subprocess.run(sys.argv[1:]).returncode
            print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            sys.exit(status)
            """
        let arguments = ["/usr/bin/python3", "-I", "-c", script, BuiltProducts.path(of: "glide"), "/dev/stdin"]
        var pid: pid_t = 0
        let spawned = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) }
        }
        XCTAssertEqual(spawned, 0)
        for descriptor in [input[0], output[1], errors[1]] { close(descriptor) }
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
        XCTAssertEqual(waitpid(pid, &status, 0), pid)
        func text(_ descriptor: Int32) -> String {
            String(decoding: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readDataToEndOfFile(), as: UTF8.self)
        }
        let peakKilobytes = try XCTUnwrap(Int(text(output[0]).trimmingCharacters(in: .whitespacesAndNewlines)))
        let message = text(errors[0])
        XCTAssertEqual(status & 0x7F, 0, "ended by signal \(status & 0x7F)")
        XCTAssertEqual((status >> 8) & 0xFF, 1, "exit status 1, as for every file that cannot be opened")
        XCTAssertEqual(message, "glide: cannot open '/dev/stdin': more than 256 MB to read\n")
        print("endless standard input: peak resident \(peakKilobytes) KB")
        XCTAssertLessThanOrEqual(peakKilobytes, EndlessStandardInputTests.peakResidentKilobytes,
                                 "the read held no more than the limit")
    }

    /// `strings` as a NULL-terminated C array for the length of `body`.
    private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
