/// The slope at t = 0 of the least-squares quadratic through samples (t, x) and (t, y).
///
/// Degree 2 with unit weights, as Flutter's `LeastSquaresSolver` and Android's LSQ2 strategy.
/// With fewer than three distinct times it falls back to a straight line, and with one time
/// to zero. Accumulating sums keeps it free of storage.
struct LeastSquaresSlope {
    private var count = 0.0
    private var sumT = 0.0, sumT2 = 0.0, sumT3 = 0.0, sumT4 = 0.0
    private var sumX = 0.0, sumTX = 0.0, sumT2X = 0.0
    private var sumY = 0.0, sumTY = 0.0, sumT2Y = 0.0

    /// Adds the sample (`t`, `point`); t in any unit, the slope comes out per that unit.
    mutating func add(t: Double, point: LogicalPoint) {
        let t2 = t * t
        count += 1
        sumT += t
        sumT2 += t2
        sumT3 += t2 * t
        sumT4 += t2 * t2
        sumX += point.x
        sumTX += t * point.x
        sumT2X += t2 * point.x
        sumY += point.y
        sumTY += t * point.y
        sumT2Y += t2 * point.y
    }

    /// The fitted dx/dt and dy/dt at t = 0.
    var slope: LogicalPoint {
        // Cramer's rule for the linear coefficient b of a + b·t + c·t² in the normal equations.
        let determinant =
            count * (sumT2 * sumT4 - sumT3 * sumT3) - sumT * (sumT * sumT4 - sumT3 * sumT2)
            + sumT2 * (sumT * sumT3 - sumT2 * sumT2)
        let scale = count * sumT2 * sumT4
        if scale > 0, abs(determinant) > 1e-9 * scale {
            func quadraticSlope(_ sumV: Double, _ sumTV: Double, _ sumT2V: Double) -> Double {
                (count * (sumTV * sumT4 - sumT3 * sumT2V) - sumV * (sumT * sumT4 - sumT3 * sumT2)
                    + sumT2 * (sumT * sumT2V - sumTV * sumT2)) / determinant
            }
            return LogicalPoint(
                x: quadraticSlope(sumX, sumTX, sumT2X), y: quadraticSlope(sumY, sumTY, sumT2Y))
        }
        let lineDenominator = count * sumT2 - sumT * sumT
        guard lineDenominator > 1e-9 * max(1, count * sumT2) else { return .zero }
        return LogicalPoint(
            x: (count * sumTX - sumT * sumX) / lineDenominator,
            y: (count * sumTY - sumT * sumY) / lineDenominator)
    }
}
