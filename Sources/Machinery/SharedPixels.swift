import CSystem
import Glibc
import Synchronization

/// Pixels a page renderer drew into a memory file that Glide made and mapped: the page is never
/// copied through a pipe. Cairo RGB24, `width`×`height`, rows of `width * 4` bytes. Written by
/// the renderer, then only read on the loop thread; when released, the file goes back to the
/// pool's `SharedPixelRecycler` for a later page, or is unmapped off the loop thread.
public final class SharedPixels: @unchecked Sendable {
    public var base: UnsafeMutableRawPointer { memory.base }
    public let width: Int
    public let height: Int
    public var byteCount: Int { width * height * 4 }
    public var stride: Int { width * 4 }
    let memory: SharedPixelMemory
    private let recycler: SharedPixelRecycler

    init(memory: SharedPixelMemory, width: Int, height: Int, recycler: SharedPixelRecycler) {
        self.memory = memory
        self.width = width
        self.height = height
        self.recycler = recycler
    }

    deinit {
        recycler.keep(memory)
    }
}

/// A memory file sealed at `capacity` bytes and its mapping in Glide.
struct SharedPixelMemory: @unchecked Sendable {
    let file: Int32
    let base: UnsafeMutableRawPointer
    let capacity: Int

    /// A new file of `capacity` bytes, mapped with its pages in place; nil with errno set.
    static func make(capacity: Int) -> SharedPixelMemory? {
        let file = glide_memfd_create("glide-page")
        guard file >= 0 else { return nil }
        guard ftruncate(file, off_t(capacity)) == 0, glide_memfd_seal_size(file) == 0,
              // Populated here, on the pool's thread: else the loop thread takes a page fault for
              // every 4 KB of the page the first time a frame draws it (`perf`: glide-bench pdf's
              // fling cost 0.30 → 0.38 ms a frame on the loop thread without it).
              let base = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, file, 0), base != MAP_FAILED
        else {
            let error = errno
            close(file)
            errno = error
            return nil
        }
        return SharedPixelMemory(file: file, base: base, capacity: capacity)
    }

    /// Closes the file and unmaps it off the caller's thread (`DeferredUnmapping`): the last
    /// map of a memory file frees its pages, which the loop thread must not wait for.
    func release() {
        close(file)
        DeferredUnmapping.unmap(base, byteCount: capacity)
    }
}

/// Memory files whose pixels were released, kept for the next pages of about their size: a new
/// file's pages are allocated and zeroed by the kernel, mapped here and faulted in again by the
/// renderer, which cost a zoom's sharp pieces (8 MB each) several ms apiece
/// (`glide-bench pdf`, zoom end to crisp: 40 ms in-process, 55 ms in renderers without this,
/// twice the system time). One recycler per pool: a renderer is only ever handed memory that
/// held its own document's pixels.
final class SharedPixelRecycler: Sendable {
    /// Four of the largest pieces (2048 × 1024 px, `PagePieceGrid`): what two renderers draw of a
    /// zoom at 2560 × 1600 before the loop lets go of the pieces it replaces.
    static let keptBytesLimit = 32 << 20

    private struct State {
        var kept: [SharedPixelMemory] = []
        var isClosed = false
    }

    private let state = Mutex(State())

    deinit {
        state.withLock { $0.kept.forEach { $0.release() } }
    }

    /// Memory for `byteCount` bytes: a kept file of that size or up to a quarter larger, else a
    /// new one; nil with errno set.
    func memory(forBytes byteCount: Int) -> SharedPixelMemory? {
        let reused = state.withLock { state -> SharedPixelMemory? in
            let fitting = state.kept.indices.filter {
                state.kept[$0].capacity >= byteCount && state.kept[$0].capacity <= byteCount + byteCount / 4
            }
            guard let best = fitting.min(by: { state.kept[$0].capacity < state.kept[$1].capacity }) else { return nil }
            return state.kept.remove(at: best)
        }
        return reused ?? SharedPixelMemory.make(capacity: byteCount)
    }

    /// Takes back released memory, keeping the latest up to `keptBytesLimit`.
    func keep(_ memory: SharedPixelMemory) {
        let dropped = state.withLock { state -> [SharedPixelMemory] in
            guard !state.isClosed else { return [memory] }
            state.kept.append(memory)
            var total = state.kept.reduce(0) { $0 + $1.capacity }
            var dropped: [SharedPixelMemory] = []
            while total > SharedPixelRecycler.keptBytesLimit, !state.kept.isEmpty {
                let oldest = state.kept.removeFirst()
                total -= oldest.capacity
                dropped.append(oldest)
            }
            return dropped
        }
        dropped.forEach { $0.release() }
    }

    /// Lets go of what is kept, and of what is released from now on (the document is closed).
    func close() {
        let dropped = state.withLock { state -> [SharedPixelMemory] in
            state.isClosed = true
            defer { state.kept.removeAll() }
            return state.kept
        }
        dropped.forEach { $0.release() }
    }
}
