import Glibc
import Synchronization

/// Unmaps memory on a thread of its own, not the caller's. A page renderer's pixels are let go
/// on the loop thread when the pixel cache evicts them, and unmapping the last map of their
/// memory file frees the file's pages there and then: `perf` of `glide-bench pdf --own-cost`
/// found 90 of the 132 loop-thread samples taken in deliveries in that unmapping, and a
/// delivery that evicted a piece took up to 1.6 ms, the fling's slowest frames.
enum DeferredUnmapping {
    private struct Mapping: Sendable {
        let address: UInt
        let byteCount: Int
    }

    /// One thread: unmapping is quick, and order does not matter.
    private static let queue = WorkQueue(name: "glide-unmap")
    /// Mappings to unmap. A job is queued only when the list was empty, and each job takes
    /// the list until it stays empty, so at most a couple of jobs ever wait and none is
    /// dropped at the queue's capacity (which would leak the mapping).
    private static let pending = Mutex<[Mapping]>([])

    /// Unmaps `byteCount` bytes at `base` soon, on the queue's thread.
    static func unmap(_ base: UnsafeMutableRawPointer, byteCount: Int) {
        let isFirst = pending.withLock { mappings in
            mappings.append(Mapping(address: UInt(bitPattern: base), byteCount: byteCount))
            return mappings.count == 1
        }
        guard isFirst else { return }
        queue.submit(priority: .immediate) { _ in
            while case let taken = pending.withLock({ mappings in
                defer { mappings.removeAll() }
                return mappings
            }), !taken.isEmpty {
                for mapping in taken { munmap(UnsafeMutableRawPointer(bitPattern: mapping.address), mapping.byteCount) }
            }
        }
    }
}
