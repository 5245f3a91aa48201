/// Position mapping between rich positions (unit boundaries: 0...unitCount) and plain
/// offsets in characters, UTF-16 units or UTF-8 bytes.
///
/// Built once in O(n); unit -> plain is O(1), plain -> unit O(log n) (binary search).
/// Invariant: each table is strictly increasing and starts at 0, and its last entry is
/// the plain text's length in that measure (for parsed text, where attachments sit on
/// grapheme boundaries).
public struct UnitMap: Hashable, Sendable {
    public let units: [RichUnit]
    private let characterOffsets: [Int]
    private let utf16Offsets: [Int]
    private let utf8Offsets: [Int]

    public init(_ text: RichText) {
        self.init(units: text.units)
    }

    public init(units: [RichUnit]) {
        self.units = units
        var c = [0], u16 = [0], u8 = [0]
        c.reserveCapacity(units.count + 1); u16.reserveCapacity(units.count + 1); u8.reserveCapacity(units.count + 1)
        for unit in units {
            c.append(c[c.count - 1] + unit.length(in: .characters))
            u16.append(u16[u16.count - 1] + unit.length(in: .utf16))
            u8.append(u8[u8.count - 1] + unit.length(in: .utf8))
        }
        characterOffsets = c; utf16Offsets = u16; utf8Offsets = u8
    }

    public var unitCount: Int { units.count }

    private func table(_ m: TextMeasure) -> [Int] {
        switch m {
        case .characters: return characterOffsets
        case .utf16: return utf16Offsets
        case .utf8: return utf8Offsets
        }
    }

    /// Plain length of the whole text in `measure`.
    public func plainLength(in measure: TextMeasure) -> Int { table(measure)[units.count] }

    /// Plain offset where unit boundary `unit` lies; `unit` clamped to 0...unitCount.
    public func plainOffset(ofUnit unit: Int, in measure: TextMeasure) -> Int {
        table(measure)[min(max(unit, 0), units.count)]
    }

    /// Plain length of the units in `range` (clamped).
    public func plainLength(of range: Range<Int>, in measure: TextMeasure) -> Int {
        plainOffset(ofUnit: range.upperBound, in: measure) - plainOffset(ofUnit: range.lowerBound, in: measure)
    }

    /// The unit boundary at or around a plain offset (clamped to the text).
    public func unit(atPlainOffset offset: Int, in measure: TextMeasure, rounding: UnitRounding) -> Int {
        let t = table(measure)
        if offset <= 0 { return 0 }
        if offset >= t[t.count - 1] { return units.count }
        // First boundary >= offset.
        var lo = 0, hi = t.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if t[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        if t[lo] == offset { return lo }
        return rounding == .up ? lo : lo - 1
    }

    /// The plain range (in `measure`) of a unit range (clamped).
    public func plainRange(ofUnits range: Range<Int>, in measure: TextMeasure) -> Range<Int> {
        plainOffset(ofUnit: range.lowerBound, in: measure)..<plainOffset(ofUnit: range.upperBound, in: measure)
    }

    /// The unit range covering a plain range: lower bound rounded down, upper up.
    public func units(coveringPlain range: Range<Int>, in measure: TextMeasure) -> Range<Int> {
        unit(atPlainOffset: range.lowerBound, in: measure, rounding: .down)..<unit(atPlainOffset: range.upperBound, in: measure, rounding: .up)
    }
}
