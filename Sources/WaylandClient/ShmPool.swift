import CWaylandClient
import CSystem
import Glibc

/// Memory shared with the compositor (`wl_shm_pool` over a memfd).
final class ShmPool: ProxyOwner {
    let proxy: OpaquePointer
    private let fileDescriptor: Int32
    private(set) var memory: UnsafeMutableRawPointer
    private(set) var byteCount: Int

    init(shm: Shm, byteCount: Int) throws(WaylandError) {
        let fd = glide_memfd_create("glide-buffer")
        guard fd >= 0 else { throw .sharedMemory("memfd_create", errno: errno) }
        guard ftruncate(fd, off_t(byteCount)) == 0 else {
            let code = errno
            close(fd)
            throw .sharedMemory("ftruncate to \(byteCount) bytes", errno: code)
        }
        guard let mapping = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
              mapping != MAP_FAILED
        else {
            let code = errno
            close(fd)
            throw .sharedMemory("mmap of \(byteCount) bytes", errno: code)
        }
        fileDescriptor = fd
        memory = mapping
        self.byteCount = byteCount
        proxy = wl_shm_create_pool(shm.proxy, fd, Int32(byteCount))
    }

    deinit {
        wl_shm_pool_destroy(proxy)
        munmap(memory, byteCount)
        close(fileDescriptor)
    }

    /// Makes a buffer of `width`×`height` ARGB pixels at `offset` bytes into the pool.
    func makeBuffer(offset: Int, width: Int32, height: Int32, stride: Int32) -> OpaquePointer {
        wl_shm_pool_create_buffer(proxy, Int32(offset), width, height, stride,
                                  UInt32(WL_SHM_FORMAT_ARGB8888.rawValue))
    }
}
