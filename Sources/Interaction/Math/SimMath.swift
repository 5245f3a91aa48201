/// Elementary functions in pure Swift. The pure core may not import Foundation or
/// Glibc, and the standard library has no `exp`/`log`, so the physics needs its own.
///
/// Both use range reduction and a short series, plain IEEE-754 arithmetic only: the
/// results are the same bits on every platform and in debug and release, which the
/// deterministic traces rely on. Relative error is below 1e-15 over the useful range,
/// checked against the platform libm in the tests. O(1) each.
public enum SimMath {
    static let ln2Hi = 6.93147180369123816490e-01
    static let ln2Lo = 1.90821492927058770002e-10
    static let invLn2 = 1.44269504088896338700e+00

    /// e^x. Returns 0 below -745 and +infinity above 709.78, NaN for NaN.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.1332191019412 { return 0 }
        // x = k ln2 + r with |r| <= ln2 / 2; ln2 split in two parts so r is exact enough.
        let k = (x * invLn2).rounded(.toNearestOrEven)
        let r = (x - k * ln2Hi) - k * ln2Lo
        // Taylor series of e^r to degree 13: |r| <= 0.347, the remainder is < 1e-17.
        var term = 1.0, sum = 1.0
        for n in 1...13 {
            term *= r / Double(n)
            sum += term
        }
        return scale(sum, Int(k))
    }

    /// Natural logarithm. NaN for negative or NaN input, -infinity for 0.
    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        // x = m * 2^e with m in [sqrt(1/2), sqrt(2)).
        var e = Int(x.exponent)   // exact for subnormals too
        var m = x.significand     // in [1, 2)
        if m > 1.4142135623730951 { m /= 2; e += 1 }
        // log(m) = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716.
        let s = (m - 1) / (m + 1)
        let s2 = s * s
        var term = s, sum = 0.0
        var n = 1.0
        while n < 40 {
            sum += term / n
            term *= s2
            n += 2
        }
        return 2 * sum + Double(e) * ln2Hi + Double(e) * ln2Lo
    }

    /// b^y for b > 0 (the deceleration rates); b <= 0 gives NaN except 0^y = 0 for y > 0.
    public static func pow(_ b: Double, _ y: Double) -> Double {
        if y == 0 { return 1 }
        if b == 0 { return y > 0 ? 0 : .infinity }
        return exp(y * log(b))
    }

    /// x * 2^k, in two steps so that k down to the subnormal range stays exact.
    static func scale(_ x: Double, _ k: Int) -> Double {
        if k > 1000 { return x * Double(sign: .plus, exponent: 1000, significand: 1) * Double(sign: .plus, exponent: k - 1000, significand: 1) }
        if k < -1000 { return x * Double(sign: .plus, exponent: -1000, significand: 1) * Double(sign: .plus, exponent: k + 1000, significand: 1) }
        return x * Double(sign: .plus, exponent: k, significand: 1)
    }
}
