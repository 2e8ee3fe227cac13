/// The natural exponential and logarithm, and the angle of a vector, written in Swift arithmetic.
///
/// The standard library has no `exp`, `log` or `atan2` on Linux without Foundation or Glibc, and this
/// module may import neither, so these are computed here: range reduction by powers of two
/// (after fdlibm's `e_exp.c` and `e_log.c`) and short series on the reduced argument. Both are
/// accurate to a few units in the last place over the whole `Double` range, which the tests
/// check against Glibc.
public enum ElementaryFunctions {
    /// The high part of ln 2, exact in 32 bits so that `k · ln2High` is exact (fdlibm).
    static let ln2High = 6.93147180369123816490e-01
    /// ln 2 − `ln2High` (fdlibm).
    static let ln2Low = 1.90821492927058770002e-10
    static let inverseLn2 = 1.44269504088896338700e+00

    /// e raised to `x`.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.1332191019412 { return 0 }
        // x = k·ln 2 + r with |r| ≤ ln 2 / 2, so e^x = 2^k · e^r.
        let k = Int(x * inverseLn2 + (x < 0 ? -0.5 : 0.5))
        let r = (x - Double(k) * ln2High) - Double(k) * ln2Low
        // Taylor series of e^r to degree 14: the next term is below 2⁻⁵⁸ for |r| ≤ 0.35.
        var sum = 1.0
        var degree = 14.0
        while degree >= 1 {
            sum = 1 + sum * r / degree
            degree -= 1
        }
        return Double(sign: .plus, exponent: k, significand: sum)
    }

    /// The natural logarithm of `x`: NaN below zero, −∞ at zero.
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return x }
        // x = m · 2^e with m in [√½, √2), so ln x = e·ln 2 + ln m.
        var exponent = Int(x.exponent)
        var m = x.significand
        if m > 1.4142135623730951 {
            m /= 2
            exponent += 1
        }
        // ln m = 2·atanh(f) with f = (m − 1)/(m + 1), |f| ≤ 0.172: 11 odd terms reach 2⁻⁵⁸.
        let f = (m - 1) / (m + 1)
        let f2 = f * f
        var series = 0.0
        var power = 21.0
        while power >= 1 {
            series = 1 / power + f2 * series
            power -= 2
        }
        let e = Double(exponent)
        return e * ln2High + (2 * f * series + e * ln2Low)
    }

    /// The angle of the vector (`x`, `y`) from the positive x axis, in radians in [−π, π]
    /// (C's `atan2`): a gesture's turn, so accurate to a few units in the last place rather
    /// than correctly rounded. NaN when either is NaN.
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        if x == 0 && y == 0 { return x.sign == .minus ? (y.sign == .minus ? -Double.pi : .pi) : y }
        let ax = abs(x), ay = abs(y)
        // atan of the ratio in [0, 1], then the octant puts it back.
        var angle = ax >= ay ? atan(ay / ax) : Double.pi / 2 - atan(ax / ay)
        if x < 0 { angle = Double.pi - angle }
        return y.sign == .minus ? -angle : angle
    }

    /// atan of `t` in [0, 1] (an infinite ratio is handled by the caller's octant).
    static func atan(_ t: Double) -> Double {
        guard t.isFinite else { return Double.pi / 2 }
        // atan t = 2·atan(t / (1 + √(1 + t²))), twice: |u| ≤ tan(π/16) ≈ 0.199, where 12 odd
        // terms of the series reach 2⁻⁵⁸.
        var u = t
        for _ in 0..<2 { u = u / (1 + (1 + u * u).squareRoot()) }
        let u2 = u * u
        var series = 0.0
        var power = 25.0
        var sign = 1.0  // the sign of u²⁴/25, the last term; the signs alternate down to +1/1
        while power >= 1 {
            series = sign / power + u2 * series
            sign = -sign
            power -= 2
        }
        return 4 * u * series
    }
}
