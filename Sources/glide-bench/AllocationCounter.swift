// Counts heap allocations by standing in for the C allocator: the executable's own `malloc`
// family takes precedence over libc's for the whole process (ELF symbol interposition), and
// forwards to glibc's exported `__libc_*` entry points. Only this benchmark does this.

/// How many allocations the process has made so far.
nonisolated(unsafe) var allocationCount = 0

@_silgen_name("__libc_malloc")
private func libcMalloc(_ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_calloc")
private func libcCalloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_realloc")
private func libcRealloc(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_memalign")
private func libcMemalign(_ alignment: Int, _ size: Int) -> UnsafeMutableRawPointer?

@_cdecl("malloc")
public func countingMalloc(_ size: Int) -> UnsafeMutableRawPointer? {
    allocationCount &+= 1
    return libcMalloc(size)
}

@_cdecl("calloc")
public func countingCalloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    allocationCount &+= 1
    return libcCalloc(count, size)
}

@_cdecl("realloc")
public func countingRealloc(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
    allocationCount &+= 1
    return libcRealloc(pointer, size)
}

@_cdecl("aligned_alloc")
public func countingAlignedAlloc(_ alignment: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    allocationCount &+= 1
    return libcMemalign(alignment, size)
}

@_cdecl("posix_memalign")
public func countingPosixMemalign(
    _ result: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ alignment: Int, _ size: Int
) -> Int32 {
    allocationCount &+= 1
    guard let pointer = libcMemalign(alignment, size) else { return 12 }  // ENOMEM
    result.pointee = pointer
    return 0
}
