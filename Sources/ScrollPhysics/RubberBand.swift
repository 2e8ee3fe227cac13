/// The iOS rubber band: how far content follows a finger dragged past an edge.
///
/// A finger `x` px past the edge moves the content b = (1 − 1/(x·c/d + 1))·d, where d is the
/// viewport's size on that axis and c the coefficient. The slope is c at the edge and the
/// content never gets d past it, however far the finger goes. Formula and c = 0.55 from
/// gist originell/6961057 (after @chpwn).
public struct RubberBand: Sendable, Equatable {
    /// The slope at the edge, c (unitless). UIScrollView's is 0.55.
    public var coefficient: Double

    /// Creates a rubber band with slope `coefficient` at the edge.
    public init(coefficient: Double = 0.55) {
        self.coefficient = coefficient
    }

    /// How far the content is shown past the edge, in px, for a finger `overdrag` px past it
    /// on an axis `dimension` px long; the sign follows `overdrag`.
    public func displacement(forOverdrag overdrag: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let magnitude = (1 - 1 / (abs(overdrag) * coefficient / dimension + 1)) * dimension
        return overdrag < 0 ? -magnitude : magnitude
    }

    /// The finger overdrag, in px, that shows the content `displacement` px past the edge:
    /// the inverse of `displacement(forOverdrag:dimension:)`, so a caught bounce continues
    /// from where it is without a jump.
    public func overdrag(forDisplacement displacement: Double, dimension: Double) -> Double {
        guard dimension > 0, coefficient > 0 else { return 0 }
        // At the asymptote itself the overdrag is infinite; a millionth short keeps it finite
        // and precise enough to drag back from.
        let fraction = min(abs(displacement) / dimension, 1 - 1e-6)
        let magnitude = (1 / (1 - fraction) - 1) * dimension / coefficient
        return displacement < 0 ? -magnitude : magnitude
    }

    /// d(displacement)/d(overdrag) at `overdrag` px (unitless): how much of the finger's
    /// velocity the content has at that point.
    public func slope(atOverdrag overdrag: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let denominator = abs(overdrag) * coefficient / dimension + 1
        return coefficient / (denominator * denominator)
    }
}
