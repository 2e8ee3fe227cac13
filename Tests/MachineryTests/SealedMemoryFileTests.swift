import Foundation
import Glibc
import Machinery
import XCTest

/// Bytes handed to a child process in a sealed memory file, its standard input: the child reads
/// them as a file that no directory holds.
final class SealedMemoryFileTests: XCTestCase {
    /// What `/bin/sh -c script` writes, with `file` as its standard input.
    private func output(of script: String, input file: SealedMemoryFile) -> String {
        var bytes: [UInt8] = []
        let ending = BudgetedProcess.run(["sh", "-c", script], executable: "/bin/sh", budget: ProcessBudget(cpuSeconds: 5),
                                         input: file.descriptor) { descriptor in
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return true }
            bytes += chunk[0..<count]
            return false
        }
        XCTAssertEqual(ending, .completed(waitStatus: 0))
        return String(decoding: bytes, as: UTF8.self)
    }

    func testAChildReadsTheBytesAsItsInputFromMemory() throws {
        let file = try SealedMemoryFile(name: "glide-test", bytes: Array("the bytes of a picture".utf8))
        XCTAssertEqual(file.byteCount, 22)
        // readlink names what the child's descriptor 0 is: memory, not a path on disk.
        XCTAssertEqual(output(of: "readlink /proc/self/fd/0; cat", input: file),
                       "/memfd:glide-test (deleted)\nthe bytes of a picture")
        // Opened again by its name in /proc, it reads from the start, as a decoder opens it.
        XCTAssertEqual(output(of: "cat /proc/self/fd/0", input: file), "the bytes of a picture")
    }

    func testTheFileCannotBeChangedThroughItsDescriptor() throws {
        let file = try SealedMemoryFile(name: "glide-test", bytes: [1, 2, 3])
        let reopened = open("/proc/self/fd/\(file.descriptor)", O_RDWR)
        defer { if reopened >= 0 { close(reopened) } }
        XCTAssertGreaterThanOrEqual(reopened, 0)
        XCTAssertEqual(write(reopened, [9], 1), -1, "sealed against writing")
        XCTAssertEqual(errno, EPERM)
        XCTAssertEqual(ftruncate(reopened, 0), -1, "and shrinking")
        XCTAssertEqual(ftruncate(reopened, 1 << 20), -1, "and growing")
        var status = stat()
        XCTAssertEqual(fstat(file.descriptor, &status), 0)
        XCTAssertEqual(status.st_size, 3)
    }

    func testAnEmptyFileIsEmpty() throws {
        let file = try SealedMemoryFile(name: "glide-test", bytes: [])
        XCTAssertEqual(output(of: "wc -c < /proc/self/fd/0", input: file).trimmingCharacters(in: .whitespacesAndNewlines), "0")
    }
}
