import CArchive
import Glibc

/// The bytes of an open file from `start` to `end`, handed to libarchive a block at a time
/// through `pread`, which leaves the descriptor's offset where it is: several readers on
/// several threads share the descriptor and nothing else. For a zip entry, the file from its
/// local header on (not only to the central directory: after an entry with a data descriptor
/// libarchive looks for the next header's signature, the directory's for the last entry); for
/// an archive read front to back, the whole file, with seeking, so that a 7z's header at the
/// end is reached directly and a RAR's or a tar's entries are skipped without being read.
///
/// A source may be given a budget of bytes read (`readLimit`): past it, reads fail and
/// libarchive stops where it is, so work on the frame loop (a comic's first headers listed at
/// open) is bounded by it, whatever a solid archive would unpack to skip its entries.
final class ArchiveFileSource {
    let descriptor: Int32
    let start: Int
    var position: Int
    let end: Int
    let blockBytes: Int
    let block: UnsafeMutableRawPointer
    /// The `errno` of a read that failed, for the error.
    var failure: Int32 = 0
    /// The most bytes read in all; `Int.max`: no limit.
    let readLimit: Int
    fileprivate(set) var bytesRead = 0
    /// Whether a read was refused because it would have passed `readLimit`.
    fileprivate(set) var passedReadLimit = false

    init(descriptor: Int32, start: Int, end: Int, blockBytes: Int = ArchiveEntryStream.blockBytes, readLimit: Int = .max) {
        self.descriptor = descriptor
        self.start = start
        position = start
        self.end = end
        self.blockBytes = blockBytes
        block = UnsafeMutableRawPointer.allocate(byteCount: blockBytes, alignment: 16)
        self.readLimit = readLimit
    }

    deinit { block.deallocate() }

    /// Opens `archive` on these bytes, reading only; the source must outlive the handle.
    func open(_ archive: OpaquePointer) -> Int32 {
        archive_read_open(archive, Unmanaged.passUnretained(self).toOpaque(), nil, readBlock, nil)
    }

    /// Opens `archive` on these bytes with seeking and skipping (`start` is offset 0 to
    /// libarchive); the source must outlive the handle.
    func openSeekable(_ archive: OpaquePointer) -> Int32 {
        let context = Unmanaged.passUnretained(self).toOpaque()
        archive_read_set_callback_data(archive, context)
        archive_read_set_read_callback(archive, readBlock)
        archive_read_set_seek_callback(archive, seekBytes)
        archive_read_set_skip_callback(archive, skipBytes)
        return archive_read_open1(archive)
    }
}

/// libarchive's read callback: the next block of the `ArchiveFileSource` in `context`.
private func readBlock(_ archive: OpaquePointer?, _ context: UnsafeMutableRawPointer?,
                       _ buffer: UnsafeMutablePointer<UnsafeRawPointer?>?) -> la_ssize_t {
    let source = Unmanaged<ArchiveFileSource>.fromOpaque(context!).takeUnretainedValue()
    let length = min(source.blockBytes, source.end - source.position, source.readLimit - source.bytesRead)
    if length <= 0, source.position < source.end {
        source.passedReadLimit = true
        return -1
    }
    guard length > 0 else { return 0 }
    var got: Int
    repeat {
        got = pread(source.descriptor, source.block, length, off_t(source.position))
    } while got < 0 && errno == EINTR
    guard got >= 0 else {
        source.failure = errno
        return -1
    }
    source.position += got
    source.bytesRead += got
    buffer?.pointee = UnsafeRawPointer(source.block)
    return got
}

/// libarchive's seek callback: moves within `start...end` (`whence` as lseek's).
private func seekBytes(_ archive: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ offset: la_int64_t,
                       _ whence: Int32) -> la_int64_t {
    let source = Unmanaged<ArchiveFileSource>.fromOpaque(context!).takeUnretainedValue()
    let base: Int
    switch whence {
    case SEEK_SET: base = source.start
    case SEEK_CUR: base = source.position
    case SEEK_END: base = source.end
    default: return la_int64_t(ARCHIVE_FATAL)
    }
    let (target, overflow) = base.addingReportingOverflow(Int(offset))
    guard !overflow, target >= source.start, target <= source.end else { return la_int64_t(ARCHIVE_FATAL) }
    source.position = target
    return la_int64_t(target - source.start)
}

/// libarchive's skip callback: passes over up to `request` bytes without reading them.
private func skipBytes(_ archive: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ request: la_int64_t) -> la_int64_t {
    let source = Unmanaged<ArchiveFileSource>.fromOpaque(context!).takeUnretainedValue()
    let skipped = max(0, min(Int(request), source.end - source.position))
    source.position += skipped
    return la_int64_t(skipped)
}
