/// The shortest decimal that reads back to `v`, written without an exponent: `1e+23`
/// becomes `100000000000000000000000`, `1.5e-05` becomes `0.000015`. Whole numbers have
/// no fraction (`3`, not `3.0`). Non-finite values print as `nan`, `inf`, `-inf`.
///
/// Script printers and error messages use it so that every number they write is one the
/// script parser accepts (it takes plain decimals only) and that a value is never shown
/// clamped.
///
/// Built on Swift's own shortest round-trip formatting, which does not depend on the
/// platform's C library, so the text is the same on every machine.
///
/// - Complexity: O(digits); at most about 330 characters for the extreme Doubles.
public func plainDecimal(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    if v.isInfinite { return v < 0 ? "-inf" : "inf" }
    if v == 0 { return "0" }
    let text = "\(v)"
    var negative = false
    var digits: [UInt8] = []          // significant digits, no dot
    var pointIndex: Int? = nil        // digits before the dot in the mantissa
    var exponent = 0
    var inExponent = false, exponentNegative = false
    for b in text.utf8 {
        switch b {
        case UInt8(ascii: "-") where !inExponent: negative = true
        case UInt8(ascii: "-"): exponentNegative = true
        case UInt8(ascii: "+"): break
        case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
        case UInt8(ascii: "."): pointIndex = digits.count
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            if inExponent { exponent = exponent * 10 + Int(b - UInt8(ascii: "0")) } else { digits.append(b) }
        default: break
        }
    }
    if exponentNegative { exponent = -exponent }
    // Value = 0.d1d2d3... * 10^point, with the dot moved by the exponent.
    var point = (pointIndex ?? digits.count) + exponent
    // Trim leading zeros (they shift the point) and trailing zeros (they do not).
    while let f = digits.first, f == UInt8(ascii: "0"), digits.count > 1 { digits.removeFirst(); point -= 1 }
    while let l = digits.last, l == UInt8(ascii: "0"), digits.count > 1 { digits.removeLast() }
    var out: [UInt8] = negative ? [UInt8(ascii: "-")] : []
    if point <= 0 {
        out += [UInt8(ascii: "0"), UInt8(ascii: ".")]
        out += [UInt8](repeating: UInt8(ascii: "0"), count: -point)
        out += digits
    } else if point >= digits.count {
        out += digits
        out += [UInt8](repeating: UInt8(ascii: "0"), count: point - digits.count)
    } else {
        out += digits[..<point]
        out.append(UInt8(ascii: "."))
        out += digits[point...]
    }
    return String(decoding: out, as: UTF8.self)
}
