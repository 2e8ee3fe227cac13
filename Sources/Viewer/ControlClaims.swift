import Render
import ScrollEngine

/// The one claim table: who owns a touch or click. A touch down is hit-tested against the
/// controls first (window controls, page controls); a control that takes it is recorded here,
/// and the scene never sees that touch. Every other touch goes to the scene, which gives it
/// to the view it landed in: that view's touch state is then its only record (the scene keeps
/// no table of its own, `ScrollScene.view(ofTouch:)`), and the view decides gestures (drags,
/// flings, taps on outline rows, scroll-bar drags). So no touch has two owners, and a cancel
/// that empties this table and ends the views' touches leaves none anywhere.
struct ControlClaims {
    /// A pointer click holds its claim under this key, beside the touch ids.
    static let pointerKey = Int.min

    enum Claim: Equatable {
        /// The close button or the move handle (client-side decorations only).
        case windowControl(WindowControls.Target, location: LogicalPoint)
        /// A page control: a tap moves one page, a drag along it scrubs from the page shown
        /// when it started.
        case pageControl(pane: Int, start: LogicalPoint, startPage: Int, isScrubbing: Bool)
        /// The page label above a page control, while it shows: a tap opens the go-to-page entry.
        case pageLabel
        /// The overview's grid button beside the document's page control: a tap shows the grid.
        case overviewButton
    }

    private var claims: [Int: Claim] = [:]

    subscript(key: Int) -> Claim? {
        get { claims[key] }
        set { claims[key] = newValue }
    }

    mutating func release(_ key: Int) -> Claim? { claims.removeValue(forKey: key) }

    mutating func removeAll() { claims.removeAll() }
}

/// Who has a touch: a control, or the scene's view it landed in.
public enum TouchOwner: Equatable, Sendable {
    case control
    case view(Int)
}
