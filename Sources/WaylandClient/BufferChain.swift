/// The window's buffers: two, a third only when both are busy, reused once released.
final class BufferChain {
    private let shm: Shm
    private var buffers: [ShmBuffer] = []
    /// More would only hide a compositor that never releases; foot and GTK stay at two or three.
    private let maximumBufferCount = 3

    init(shm: Shm) {
        self.shm = shm
    }

    /// A free buffer of this size, or nil when all are busy and no more may be made.
    func nextBuffer(width: Int32, height: Int32) throws(WaylandError) -> ShmBuffer? {
        buffers.removeAll { !$0.isBusy && ($0.width != width || $0.height != height) }
        if let free = buffers.first(where: { !$0.isBusy }) {
            return free
        }
        guard buffers.count < maximumBufferCount else { return nil }
        let buffer = try ShmBuffer(shm: shm, width: width, height: height)
        buffers.append(buffer)
        return buffer
    }
}
