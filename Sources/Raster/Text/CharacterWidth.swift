/// How many half-width cells a character takes: the width model shared by the text
/// layout, the CharGrid (one cell per half width) and the bitmap font.
///
/// Classification is table-based and deterministic (no platform calls): East Asian
/// Wide/Fullwidth characters and emoji are `wide`; joiners, variation selectors and
/// other invisible format characters are `zero`; everything else is `narrow`
/// (Ambiguous counts as narrow, as in Unifont and western terminals).
public enum CharacterWidth: Int, Hashable, Sendable, Comparable {
    /// No cell: joiners, variation selectors, combining marks on their own.
    case zero = 0
    /// One cell: Latin, digits, most symbols.
    case narrow = 1
    /// Two cells: CJK, emoji.
    case wide = 2

    /// Narrower than.
    public static func < (a: CharacterWidth, b: CharacterWidth) -> Bool { a.rawValue < b.rawValue }

    /// The width of a single scalar.
    ///
    /// - Complexity: O(log n) in the table size, O(1) for ASCII.
    public static func of(_ scalar: Unicode.Scalar) -> CharacterWidth {
        let v = scalar.value
        if v < 0x300 { return .narrow }
        if contains(WidthTables.wide, v) { return .wide }
        if contains(WidthTables.zero, v) { return .zero }
        return .narrow
    }

    /// The width of a grapheme cluster (a Swift `Character`). Emoji sequences are wide
    /// however they start: VS16 (U+FE0F), keycaps (U+20E3), regional-indicator flags,
    /// skin-tone modifiers. A cluster that starts with a combining mark keeps the
    /// narrow width of its (missing) base; invisible format characters are zero.
    public static func of(_ c: Character) -> CharacterWidth {
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return .zero }
        if first.value < 0x7F && scalars.count == 1 { return .narrow }
        var result = of(first)
        if result == .zero && !isInvisible(first.value) { result = .narrow }
        if result == .wide { return .wide }
        var index = 0
        for s in scalars {
            let v = s.value
            if v == 0xFE0F || v == 0x20E3 { return .wide }
            if v >= 0x1F3FB && v <= 0x1F3FF { return .wide }
            if index == 0 && v >= 0x1F1E6 && v <= 0x1F1FF { return .wide }
            index += 1
        }
        return result
    }

    /// Format characters that draw nothing at all (ZWSP, joiners, marks, BOM, selectors).
    static func isInvisible(_ v: UInt32) -> Bool {
        (v >= 0x200B && v <= 0x200F) || (v >= 0x2060 && v <= 0x206F) || v == 0xFEFF
            || (v >= 0xFE00 && v <= 0xFE0F) || (v >= 0xE0100 && v <= 0xE01EF)
    }

    /// Binary search over flattened inclusive [first, last] pairs.
    static func contains(_ table: [UInt32], _ v: UInt32) -> Bool {
        var lo = 0, hi = table.count / 2 - 1
        while lo <= hi {
            let mid = (lo + hi) >> 1
            if v < table[2 * mid] {
                hi = mid - 1
            } else if v > table[2 * mid + 1] {
                lo = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
