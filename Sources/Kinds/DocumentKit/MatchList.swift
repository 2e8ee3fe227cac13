/// Search matches in reading order, stored in fixed chunks so that taking in a batch never
/// copies the ones before it: an array of 800 000 matches doubling its storage would move
/// 38 MB on the frame loop's thread in one go.
public struct MatchList: RandomAccessCollection, Sendable {
    /// 4096 matches (192 KB) a chunk: a batch's copy stays well under a millisecond.
    static let chunkShift = 12
    static let chunkSize = 1 << chunkShift

    private var chunks: [[TextRange]] = []
    public private(set) var count = 0

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> TextRange {
        chunks[index >> MatchList.chunkShift][index & (MatchList.chunkSize - 1)]
    }

    mutating func append(contentsOf ranges: some Collection<TextRange>) {
        for range in ranges {
            if count & (MatchList.chunkSize - 1) == 0 {
                chunks.append([])
                chunks[chunks.count - 1].reserveCapacity(MatchList.chunkSize)
            }
            chunks[chunks.count - 1].append(range)
            count += 1
        }
    }
}
