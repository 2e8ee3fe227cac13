import Glibc
import TestCompositor

extension GlideSession {
    /// Presents frames while glide draws content that arrives from its workers (PDF pages
    /// rendered in the background), until the committed image has not changed for
    /// `quietMilliseconds` of real time or `timeoutSeconds` pass; returns that image and
    /// whether it settled.
    public func settledImage(quietMilliseconds: Int = 600, timeoutSeconds: Double = 30) throws -> (image: SurfaceImage, isSettled: Bool) {
        let step = 30
        var last = try image
        var quiet = 0
        for _ in 0..<Int(timeoutSeconds * 1000) / step {
            try presentFrame()
            usleep(UInt32(step * 1000))
            try compositor.roundtrip()
            let current = try image
            if current == last {
                quiet += step
                if quiet >= quietMilliseconds { return (current, true) }
            } else {
                quiet = 0
                last = current
            }
        }
        return (last, false)
    }
}
