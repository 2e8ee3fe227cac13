import Glibc

/// The window's buffers: two, a third only when both are busy, reused once released, all in
/// one pool that grows with the window (for a window too large for that, a pool each).
final class BufferChain {
    private let shm: Shm
    private var pool: ShmPool?
    private var buffers: [ShmBuffer] = []
    /// More would only hide a compositor that never releases; foot and GTK stay at two or three.
    static let maximumBufferCount = 3
    /// wl_shm's sizes and offsets are 32-bit signed integers: a pool holds at most 2 GiB.
    static let maximumPoolBytes = Int(Int32.max)
    /// Room beside each buffer's pixels, in heights of the buffer, for the buffer to slide over.
    private let roomHeights: Int

    init(shm: Shm, roomHeights: Int) {
        self.shm = shm
        self.roomHeights = roomHeights
    }

    /// A free buffer of this size, or nil when all are busy and no more may be made.
    func nextBuffer(width: Int32, height: Int32) throws(WaylandError) -> ShmBuffer? {
        buffers.removeAll { !$0.isBusy && ($0.width != width || $0.height != height) }
        if let free = buffers.first(where: { !$0.isBusy }) {
            return free
        }
        guard buffers.count < BufferChain.maximumBufferCount else { return nil }
        let pixelBytes = ShmBuffer.byteCount(width: width, height: height)
        guard width > 0, height > 0, pixelBytes <= BufferChain.maximumPoolBytes else {
            throw .sharedMemory("\(width)×\(height) px buffers are more than wl_shm can address", errno: EFBIG)
        }
        // A huge window's buffers go without room, and when even so they do not fit in one
        // pool (16384×16384 px is 1 GiB a buffer), each has a pool of its own.
        let roomy = pixelBytes * (1 + roomHeights)
        let slotBytes = roomy * BufferChain.maximumBufferCount <= BufferChain.maximumPoolBytes ? roomy : pixelBytes
        let poolBytes = slotBytes * BufferChain.maximumBufferCount
        guard poolBytes <= BufferChain.maximumPoolBytes else {
            let buffer = ShmBuffer(pool: try ShmPool(shm: shm, byteCount: slotBytes), slot: 0, slotBytes: slotBytes,
                                   width: width, height: height)
            buffers.append(buffer)
            return buffer
        }
        // Buffers of the old size that the compositor still reads keep the old pool (they
        // hold it); otherwise the pool is grown in place.
        if let current = pool, buffers.allSatisfy({ $0.pool !== current || ($0.width == width && $0.height == height) }) {
            try current.grow(to: poolBytes)
        } else {
            pool = try ShmPool(shm: shm, byteCount: poolBytes)
        }
        guard let pool else { return nil }
        let usedSlots = Set(buffers.filter { $0.pool === pool }.map(\.slot))
        guard let slot = (0..<BufferChain.maximumBufferCount).first(where: { !usedSlots.contains($0) }) else {
            return nil
        }
        let buffer = ShmBuffer(pool: pool, slot: slot, slotBytes: slotBytes, width: width, height: height)
        buffers.append(buffer)
        return buffer
    }
}
