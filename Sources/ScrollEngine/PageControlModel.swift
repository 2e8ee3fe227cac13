/// The page control as it should be drawn and hit-tested: how many dots, which is current.
///
/// After UIPageControl: the current page follows the offset as it moves and is pinned to
/// 0…numberOfPages−1. Where the dots are drawn and what a tap on them means is Render's
/// `PageControlLayout`, the one rule for both.
public struct PageControlModel: Sendable, Equatable {
    /// How many pages (dots) there are.
    public var numberOfPages: Int

    /// The page nearest to the current offset.
    public var currentPage: Int

    /// The axis the pages run along.
    public var axis: Axis

    /// Whether the control is not drawn: switched off, or a single page with
    /// `hidesPageControlForSinglePage`.
    public var isHidden: Bool

    /// The distance between neighbouring dot centres, in px.
    public var dotPitchPixels: Double

    /// Creates a page control model from its parts.
    public init(
        numberOfPages: Int, currentPage: Int, axis: Axis, isHidden: Bool, dotPitchPixels: Double
    ) {
        self.numberOfPages = numberOfPages
        self.currentPage = currentPage
        self.axis = axis
        self.isHidden = isHidden
        self.dotPitchPixels = dotPitchPixels
    }
}

/// A step of one page (which way a tap on the page control moves).
public enum PageDirection: Sendable {
    case previous
    case next
}
