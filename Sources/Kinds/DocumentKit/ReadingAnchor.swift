/// Where a reader is, independent of the window's size: the block at the top of the viewport
/// and how far into it (a fraction of its height), or the page of an image collection
/// (`section`, with `block` and `fraction` 0).
public struct ReadingAnchor: Codable, Equatable, Sendable {
    public var section: Int
    public var block: Int
    public var fraction: Double

    public init(section: Int, block: Int, fraction: Double) {
        self.section = section
        self.block = block
        self.fraction = fraction
    }

    /// The very top of the content, margin included: far enough above the first block that
    /// the offset it gives is clamped to 0 whatever that block's size.
    public static let top = ReadingAnchor(section: 0, block: 0, fraction: -Double.greatestFiniteMagnitude)
}
