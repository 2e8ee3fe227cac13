import Glibc

/// Pixels a page renderer drew into a memory file that Glide made and mapped: the page is never
/// copied through a pipe. Cairo RGB24, `width`×`height`, rows of `width * 4` bytes; unmapped
/// when released, on a thread of its own (`DeferredUnmapping`), not on the loop thread that
/// lets it go. Written by the renderer, then only read on the loop thread.
public final class SharedPixels: @unchecked Sendable {
    public let base: UnsafeMutableRawPointer
    public let width: Int
    public let height: Int
    public var byteCount: Int { width * height * 4 }
    public var stride: Int { width * 4 }

    init(base: UnsafeMutableRawPointer, width: Int, height: Int) {
        self.base = base
        self.width = width
        self.height = height
    }

    deinit {
        DeferredUnmapping.unmap(base, byteCount: byteCount)
    }
}
