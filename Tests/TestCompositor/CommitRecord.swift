/// One applied commit of a surface, as `Surface.commitLog` keeps it: enough to count frames,
/// buffers and latency without keeping every image.
public struct CommitRecord: Sendable, Equatable {
    /// The commit's number on its surface, from 1 (`Surface.commitCount` after it).
    public let number: Int
    /// Whether it attached a buffer (a new frame), rather than only changing state.
    public let attachesBuffer: Bool
    /// The attached `wl_buffer`'s protocol id, if it attached one.
    public let bufferID: UInt32?
    /// The size of the buffer shown after it, in buffer px, and its buffer scale.
    public let bufferSize: Size?
    public let bufferScale: Int32
    /// Whether it asked for a frame callback.
    public let requestsFrame: Bool
    /// Whether an earlier frame callback was still unanswered: the client drew without
    /// waiting for its frame (a configure, or a fallback timer when callbacks stop).
    public let wasWaitingForFrame: Bool
    /// How many frames the compositor had presented before it.
    public let framesPresentedBefore: UInt64
}
