import CSystem
import CWaylandClient
import Glibc

/// Memory shared with the compositor (`wl_shm_pool` over a memfd), in which the window's
/// buffers are slots. It grows when the window does; it never shrinks (the protocol allows
/// only growth).
final class ShmPool: ProxyOwner {
    let proxy: OpaquePointer
    private let fileDescriptor: Int32
    private(set) var memory: UnsafeMutableRawPointer
    private(set) var byteCount: Int

    init(shm: Shm, byteCount: Int) throws(WaylandError) {
        let fd = glide_memfd_create("glide-buffers")
        guard fd >= 0 else { throw .sharedMemory("memfd_create", errno: errno) }
        do {
            memory = try ShmPool.map(fd, byteCount: byteCount)
        } catch {
            close(fd)
            throw error
        }
        fileDescriptor = fd
        self.byteCount = byteCount
        proxy = wl_shm_create_pool(shm.proxy, fd, Int32(byteCount))
    }

    deinit {
        wl_shm_pool_destroy(proxy)
        munmap(memory, byteCount)
        close(fileDescriptor)
    }

    /// Grows the pool to at least `newByteCount` bytes.
    func grow(to newByteCount: Int) throws(WaylandError) {
        guard newByteCount > byteCount else { return }
        let newMemory = try ShmPool.map(fileDescriptor, byteCount: newByteCount)
        munmap(memory, byteCount)
        memory = newMemory
        byteCount = newByteCount
        wl_shm_pool_resize(proxy, Int32(newByteCount))
    }

    /// Makes a buffer of `width`×`height` ARGB pixels at `offset` bytes into the pool.
    func makeBuffer(offset: Int, width: Int32, height: Int32, stride: Int32) -> OpaquePointer {
        wl_shm_pool_create_buffer(proxy, Int32(offset), width, height, stride,
                                  UInt32(WL_SHM_FORMAT_ARGB8888.rawValue))
    }

    private static func map(_ fd: Int32, byteCount: Int) throws(WaylandError) -> UnsafeMutableRawPointer {
        guard ftruncate(fd, off_t(byteCount)) == 0 else {
            throw .sharedMemory("ftruncate to \(byteCount) bytes", errno: errno)
        }
        guard let mapping = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
              mapping != MAP_FAILED
        else { throw .sharedMemory("mmap of \(byteCount) bytes", errno: errno) }
        return mapping
    }
}
