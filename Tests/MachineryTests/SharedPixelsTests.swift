import Foundation
import Glibc
@testable import Machinery
import XCTest

/// A page renderer's pixels, released on the loop thread once their document is closed, are
/// unmapped on a thread of their own (`DeferredUnmapping`): every one of many released at once,
/// none left mapped.
final class SharedPixelsTests: XCTestCase {
    /// Where this process's mappings start (/proc/self/maps), read line by line: a /proc file
    /// says its size is 0, so a whole-file read gets nothing.
    private func mappingStarts() -> Set<UInt> {
        guard let maps = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(maps) }
        var starts: Set<UInt> = []
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), maps) != nil {
            let text = String(decoding: line.prefix { $0 != 0 && $0 != 0x2D }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let start = UInt(text, radix: 16) { starts.insert(start) }
        }
        return starts
    }

    func testReleasedPixelsAreAllUnmapped() throws {
        let width = 256, height = 256
        var addresses: [UInt] = []
        var pixels: [SharedPixels] = []
        let recycler = SharedPixelRecycler()
        for _ in 0..<64 {
            let memory = try XCTUnwrap(recycler.memory(forBytes: width * height * 4))
            addresses.append(UInt(bitPattern: memory.base))
            pixels.append(SharedPixels(memory: memory, width: width, height: height, recycler: recycler))
        }
        XCTAssertTrue(mappingStarts().isSuperset(of: addresses), "mapped while held")
        // Closed, as its document is: nothing released is kept for later pages.
        recycler.close()
        pixels.removeAll()
        let deadline = Date().addingTimeInterval(10)
        while !mappingStarts().isDisjoint(with: addresses), Date() < deadline { usleep(10_000) }
        XCTAssertEqual(mappingStarts().intersection(addresses).count, 0, "every mapping is unmapped once released")
    }
}
