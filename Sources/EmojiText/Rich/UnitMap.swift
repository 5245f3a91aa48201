/// Position mapping between rich positions (unit boundaries: 0...unitCount) and plain
/// offsets in characters, UTF-16 units or UTF-8 bytes.
///
/// Built once in O(n); unit -> plain is O(1), plain -> unit O(log n) (binary search).
/// The editor keeps its map up to date by splicing (`replaceUnits(_:with:)`) rather
/// than rebuilding it: O(m) amortised for m new units at the end of the text; an edit
/// in the middle also moves the units after it and shifts their offsets, O(units
/// after the edit) word moves and adds (memmove-speed, no per-unit work beyond an add).
/// Invariant: each table is strictly increasing and starts at 0, and its last entry is
/// the plain text's length in that measure (for parsed text, where attachments sit on
/// grapheme boundaries).
public struct UnitMap: Hashable, Sendable {
    /// The units in order.
    public private(set) var units: [RichUnit]
    private var characterOffsets: [Int]
    private var utf16Offsets: [Int]
    private var utf8Offsets: [Int]

    /// The map of a rich text's units.
    ///
    /// - Parameter text: The text.
    /// - Complexity: O(n) in units.
    public init(_ text: RichText) {
        self.init(units: text.units)
    }

    /// The map of units given directly.
    ///
    /// - Parameter units: The units in order.
    /// - Complexity: O(n).
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

    /// Units mapped: the largest rich position.
    public var unitCount: Int { units.count }

    /// The map of no units (shared, so taking it allocates nothing).
    static let empty = UnitMap(units: [])

    /// Replaces units `range` with `newUnits`, keeping the offset tables exact: equal to
    /// `UnitMap(units:)` of the resulting units. O(m + units after the range); at the
    /// end of the text O(m) amortised.
    mutating func replaceUnits(_ range: Range<Int>, with newUnits: [RichUnit]) {
        let lo = range.lowerBound, hi = range.upperBound
        let oldC = characterOffsets[hi] - characterOffsets[lo]
        let old16 = utf16Offsets[hi] - utf16Offsets[lo]
        let old8 = utf8Offsets[hi] - utf8Offsets[lo]
        var c: [Int] = [], u16: [Int] = [], u8: [Int] = []
        c.reserveCapacity(newUnits.count); u16.reserveCapacity(newUnits.count); u8.reserveCapacity(newUnits.count)
        var ac = characterOffsets[lo], a16 = utf16Offsets[lo], a8 = utf8Offsets[lo]
        for unit in newUnits {
            ac += unit.length(in: .characters); a16 += unit.length(in: .utf16); a8 += unit.length(in: .utf8)
            c.append(ac); u16.append(a16); u8.append(a8)
        }
        let dc = (ac - characterOffsets[lo]) - oldC
        let d16 = (a16 - utf16Offsets[lo]) - old16
        let d8 = (a8 - utf8Offsets[lo]) - old8
        // Table entry k + 1 is the end of unit k: entries lo+1...hi are replaced.
        units.replaceSubrange(range, with: newUnits)
        Self.splice(&characterOffsets, lo, hi, c, dc)
        Self.splice(&utf16Offsets, lo, hi, u16, d16)
        Self.splice(&utf8Offsets, lo, hi, u8, d8)
    }

    private static func splice(_ t: inout [Int], _ lo: Int, _ hi: Int, _ fresh: [Int], _ delta: Int) {
        t.replaceSubrange((lo + 1)..<(hi + 1), with: fresh)
        guard delta != 0 else { return }
        let from = lo + 1 + fresh.count
        t.withUnsafeMutableBufferPointer { b in
            var k = from
            while k < b.count { b[k] += delta; k += 1 }
        }
    }

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
