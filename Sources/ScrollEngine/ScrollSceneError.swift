/// Why a scroll view cannot join a scene.
public enum ScrollSceneError: Error, Equatable, CustomStringConvertible {
    /// It would sit inside (or around) view `view`, and both scroll along `axis`: a drag along
    /// that axis could not tell which of them it is for.
    case nestedOnSameAxis(view: Int, axis: Axis)
    /// It would partly overlap view `view`: a scroll view must lie inside another, around it,
    /// or apart from it.
    case partialOverlap(view: Int)

    public var description: String {
        switch self {
        case .nestedOnSameAxis(let view, let axis):
            return "a scroll view cannot be nested with scroll view \(view): both scroll \(axis)ly"
        case .partialOverlap(let view):
            return "a scroll view cannot partly overlap scroll view \(view)"
        }
    }
}
