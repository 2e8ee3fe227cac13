import CWaylandServer

/// Calls `body` with a `wl_array` of 32-bit values (pressed keys, toplevel states), as the
/// events that carry arrays take it.
func withWaylandArray(_ values: [UInt32], _ body: (UnsafeMutablePointer<wl_array>) -> Void) {
    var array = wl_array()
    wl_array_init(&array)
    defer { wl_array_release(&array) }
    let byteCount = values.count * MemoryLayout<UInt32>.size
    if byteCount > 0, let storage = wl_array_add(&array, byteCount) {
        values.withUnsafeBytes { storage.copyMemory(from: $0.baseAddress!, byteCount: byteCount) }
    }
    body(&array)
}
