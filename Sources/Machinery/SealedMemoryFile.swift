import CSystem
import Glibc

/// Bytes in an anonymous memory file (a memfd), sealed, that a child process reads as a file
/// no directory names: an image inside a book reaches its decoder without a byte written to
/// disk. `ProgramLauncher.start(_:input:)` hands the descriptor to a child as its standard
/// input, where `/proc/self/fd/0` names it (opening that opens the same memory, at offset 0).
public final class SealedMemoryFile {
    /// Close-on-exec, at offset 0; closed when the file is released.
    public let descriptor: Int32
    public let byteCount: Int

    /// A memory file holding `bytes`; `name` is what `/proc/PID/fd` shows (`memfd:name`).
    public init(name: String, bytes: [UInt8]) throws(SystemError) {
        let descriptor = glide_memfd_create(name)
        guard descriptor >= 0 else { throw SystemError("memfd_create", errno: errno) }
        let failure: Int32? = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return written < 0 ? errno : ENOSPC }
                offset += written
            }
            return nil
        }
        // Sealed against writing, growing and shrinking: what a child (a decoder a hostile image
        // took over) holds can neither change the bytes under another reader nor grow into
        // memory the viewer pays for. Back to the start, for a child that reads its input.
        guard failure == nil, glide_memfd_seal(descriptor) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            let code = failure ?? errno
            close(descriptor)
            throw SystemError("memfd \(name)", errno: code)
        }
        self.descriptor = descriptor
        byteCount = bytes.count
    }

    deinit { close(descriptor) }
}
