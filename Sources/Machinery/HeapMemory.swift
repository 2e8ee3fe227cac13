import CSystem

/// The process heap's free memory.
public enum HeapMemory {
    /// Gives the heap's free memory back to the system (`malloc_trim`): after the frame loop
    /// let go of much at once (tiles of a view come to rest), which glibc would otherwise keep
    /// resident. It walks the heap, a few ms for a hundred MB, so never within a frame.
    public static func releaseFreeMemory() {
        _ = glide_trim_heap()
    }
}
