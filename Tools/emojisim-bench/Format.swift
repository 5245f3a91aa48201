import Foundation

/// Number formatting for the benchmark tables (C locale, so output is the same everywhere).
enum Format {
    /// 30,000 / 632 / 21.6 / 4.31 / 0.0213: about three significant digits, thousands separated.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "n/a" }
        let a = abs(v)
        if a >= 1000 {
            let n = Int(v.rounded())
            var digits = String(abs(n))
            var out = ""
            while digits.count > 3 {
                out = "," + digits.suffix(3) + out
                digits = String(digits.dropLast(3))
            }
            return (n < 0 ? "-" : "") + digits + out
        }
        if a >= 100 { return String(Int(v.rounded())) }
        if a >= 10 { return fixed(v, 1) }
        if a >= 1 || a == 0 { return fixed(v, 2) }
        return String(format: "%.3g", v)
    }

    /// A duration in the unit that suits it: 812 ns, 14.2 µs, 3.05 ms, 1.27 s.
    static func seconds(_ s: Double) -> String {
        guard s.isFinite else { return "n/a" }
        let a = abs(s)
        if a < 1e-6 { return number(s * 1e9) + " ns" }
        if a < 1e-3 { return number(s * 1e6) + " µs" }
        if a < 1 { return number(s * 1e3) + " ms" }
        return number(s) + " s"
    }

    static func fixed(_ v: Double, _ digits: Int) -> String {
        guard v.isFinite else { return "n/a" }
        return String(format: "%.\(digits)f", v)
    }

    static func percent(_ v: Double) -> String {
        guard v.isFinite else { return "n/a" }
        return String(format: "%.1f%%", v * 100)
    }

    /// `s` padded with spaces to `n` characters (at least one space after it).
    static func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
    /// `s` right-aligned in `n` characters.
    static func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
}
