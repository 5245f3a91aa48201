import SimCore

/// Parsers for the language's literals. Each takes a bare word and returns nil when it
/// is not of that form; the caller turns nil into an error naming the expected form.
enum Literals {
    /// A plain decimal number: optional minus, digits, optional fraction. No exponents,
    /// no `inf`/`nan`, no hex, so every accepted spelling means one obvious value.
    static func number(_ s: Substring) -> Double? {
        guard !s.isEmpty else { return nil }
        var sawDigit = false, sawDot = false
        for (k, ch) in s.enumerated() {
            switch ch {
            case "0"..."9": sawDigit = true
            case ".": if sawDot { return nil }; sawDot = true
            case "-": if k != 0 { return nil }
            default: return nil
            }
        }
        guard sawDigit, s.last != "." else { return nil }
        return Double(String(s))
    }

    static func integer(_ s: Substring) -> Int? {
        guard !s.isEmpty, s.count <= 9 else { return nil }
        var start = s.startIndex
        var negative = false
        if s.first == "-" { negative = true; start = s.index(after: start) }
        guard start < s.endIndex else { return nil }
        var v = 0
        for ch in s[start...] {
            guard let d = ch.wholeNumberValue, ch.isASCII else { return nil }
            v = v * 10 + d
        }
        return negative ? -v : v
    }

    /// `300ms`, `1.5s`. Must be non-negative.
    static func duration(_ s: String) -> SimDuration? {
        if s.hasSuffix("ms"), let v = number(s.dropLast(2)), v >= 0 { return .milliseconds(v) }
        if s.hasSuffix("s"), !s.hasSuffix("ms"), let v = number(s.dropLast(1)), v >= 0 { return .seconds(v) }
        return nil
    }

    /// `1200pt/s`.
    static func velocity(_ s: String) -> Double? {
        guard s.hasSuffix("pt/s"), let v = number(s.dropLast(4)), v >= 0 else { return nil }
        return v
    }

    /// `80pt`.
    static func distance(_ s: String) -> Double? {
        guard s.hasSuffix("pt"), let v = number(s.dropLast(2)), v >= 0 else { return nil }
        return v
    }

    /// `120,340` (either part may be negative for drag offsets).
    static func pair(_ s: String) -> (Double, Double)? {
        let parts = s.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = number(parts[0]), let b = number(parts[1]) else { return nil }
        return (a, b)
    }

    /// `8x3` or `375x667`.
    static func dimensions(_ s: Substring) -> (Double, Double)? {
        let parts = s.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = number(parts[0]), let b = number(parts[1]) else { return nil }
        return (a, b)
    }

    /// `A..B` with integers.
    static func range(_ s: String) -> (Int, Int)? {
        guard let dots = s.firstOccurrence(of: "..") else { return nil }
        guard let a = integer(s[..<dots.lowerBound]), let b = integer(s[dots.upperBound...]) else { return nil }
        return (a, b)
    }
}
