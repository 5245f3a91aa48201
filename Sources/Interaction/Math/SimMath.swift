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
    /// 1/n! for n = 0...13, computed once by exact-enough repeated division.
    static let inverseFactorials: [Double] = {
        var c: [Double] = [1]
        var f = 1.0
        for n in 1...13 { f *= Double(n); c.append(1 / f) }
        return c
    }()

    /// e^x. Returns 0 below -745 and +infinity above 709.78, NaN for NaN.
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.1332191019412 { return 0 }
        // x = k ln2 + r with |r| <= ln2 / 2; ln2 split in two parts so r is exact enough.
        let k = (x * invLn2).rounded(.toNearestOrEven)
        let r = (x - k * ln2Hi) - k * ln2Lo
        // Taylor series of e^r to degree 13 in Horner form: |r| <= 0.347, the
        // remainder is < 1e-17. The coefficients are 1/n!, exact to the last bit.
        var sum = inverseFactorials[13]
        var n = 12
        while n >= 0 {
            sum = sum * r + inverseFactorials[n]
            n -= 1
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
        // s + s^3/3 + ... + s^25/25 in Horner form: the next term is below 1e-21.
        let s2 = s * s
        var sum = 1.0 / 25
        var n = 23.0
        while n >= 1 {
            sum = sum * s2 + 1 / n
            n -= 2
        }
        return 2 * (s * sum) + Double(e) * ln2Hi + Double(e) * ln2Lo
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
