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

    /// The longest duration literal, in seconds (the parser's "at most an hour").
    static let maxDurationSeconds = 3600.0
    /// Swipe release speeds: below 1 pt/s a fling is a crawl whose touch stream and
    /// deceleration would run for hours of virtual time; above 100,000 pt/s it is noise.
    static let velocityRange = 1.0...100_000.0
    /// A swipe's finger travel: 10,000 pt is more than twice the tallest device (4096 pt).
    static let maxDistance = 10_000.0
    /// The longest finger travel of a swipe (distance / velocity), in seconds. Keeps the
    /// synthesized touch stream (one sample per frame) bounded whatever the two values.
    static let maxSwipeSeconds = 60.0

    /// `300ms`, `1.5s`. Must be non-negative.
    ///
    /// The magnitude is checked before the conversion to ticks: anything longer than
    /// `maxDurationSeconds` (including `1e20`-sized spellings) comes back as
    /// `SimDuration(ticks: .max)`, so the caller's "at most an hour" check names it
    /// instead of the conversion overflowing.
    static func duration(_ s: String) -> SimDuration? {
        if s.hasSuffix("ms"), let v = number(s.dropLast(2)), v >= 0 {
            return v <= maxDurationSeconds * 1000 ? .milliseconds(v) : SimDuration(ticks: .max)
        }
        if s.hasSuffix("s"), !s.hasSuffix("ms"), let v = number(s.dropLast(1)), v >= 0 {
            return v <= maxDurationSeconds ? .seconds(v) : SimDuration(ticks: .max)
        }
        return nil
    }

    /// `1200pt/s`. Range checking (`velocityRange`) is the caller's, for its message.
    static func velocity(_ s: String) -> Double? {
        guard s.hasSuffix("pt/s"), let v = number(s.dropLast(4)), v >= 0 else { return nil }
        return v
    }

    /// `80pt`. Range checking (`maxDistance`) is the caller's, for its message.
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
