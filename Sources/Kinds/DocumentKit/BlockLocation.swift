/// Where a block is in a text document, as its layout finds it.
public struct BlockLocation: Equatable, Sendable {
    /// The section (see `Document.blocks(inSection:)`) and the block's index in it.
    public var section: Int
    public var block: Int
    /// The share (0…1) of the section's text before the block: where it is estimated to be
    /// until the section is laid out, as section heights are estimated from their bytes.
    public var shareOfSectionBefore: Double

    public init(section: Int, block: Int, shareOfSectionBefore: Double) {
        self.section = section
        self.block = block
        self.shareOfSectionBefore = shareOfSectionBefore
    }
}
