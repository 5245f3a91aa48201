/// The line-breaking behaviour of one layout element: a small, deterministic subset of
/// UAX #14 that covers chat text. Break opportunities:
/// - after spaces (spaces hang at the end of a line and never cause a wrap);
/// - after Latin punctuation (`-`, `/`, `,`, `.`, `;`, `:`, `!`, `?`, closing brackets)
///   when a letter follows (so `3.14` and `1,000` stay whole);
/// - before and after wide characters (CJK ideographs, kana, hangul, emoji) and inline
///   emoji, except before closing punctuation (`，。」）!` ...) and after opening
///   punctuation (`「（(` ...), the kinsoku rules;
/// - after a zero-width space.
/// Never inside a grapheme cluster: elements are whole `Character`s.
struct BreakClass: OptionSet, Hashable, Sendable {
    let rawValue: UInt8

    static let space = BreakClass(rawValue: 1)
    static let wide = BreakClass(rawValue: 2)
    static let breakAfter = BreakClass(rawValue: 4)
    static let noBreakBefore = BreakClass(rawValue: 8)
    static let noBreakAfter = BreakClass(rawValue: 16)
    static let alphanumeric = BreakClass(rawValue: 32)
    static let letter = BreakClass(rawValue: 64)
    static let zeroWidthSpace = BreakClass(rawValue: 128)

    static func of(_ c: Character, width: CharacterWidth) -> BreakClass {
        var k: UInt8 = width == .wide ? wide.rawValue : 0
        guard let first = c.unicodeScalars.first else { return BreakClass(rawValue: k) }
        let v = first.value
        switch v {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000:
            k |= space.rawValue
        case 0x200B:
            k |= zeroWidthSpace.rawValue
        case 0x2D, 0x2F, 0x2010, 0x2012, 0x2013, 0x2014:
            k |= breakAfter.rawValue
        case 0x2C, 0x2E, 0x3B, 0x3A, 0x21, 0x3F, 0x29, 0x5D, 0x7D, 0x2026, 0x203C, 0x2049:
            k |= breakAfter.rawValue | noBreakBefore.rawValue
        case 0x28, 0x5B, 0x7B, 0xBF, 0xA1:
            k |= noBreakAfter.rawValue
        default:
            if isClosingCJK(v) {
                k |= breakAfter.rawValue | noBreakBefore.rawValue
            } else if isOpeningCJK(v) {
                k |= noBreakAfter.rawValue
            } else if (v >= 0x30 && v <= 0x39) {
                k |= alphanumeric.rawValue
            } else if (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || (v >= 0xC0 && v <= 0x24F && v != 0xD7 && v != 0xF7) {
                k |= alphanumeric.rawValue | letter.rawValue
            } else if v >= 0x370 && width != .wide && CharacterWidth.of(first) != .zero {
                // Greek, Cyrillic and other alphabetic scripts behave like letters.
                k |= alphanumeric.rawValue | letter.rawValue
            }
        }
        return BreakClass(rawValue: k)
    }

    /// CJK punctuation that must not start a line (and allows a break after it).
    static func isClosingCJK(_ v: UInt32) -> Bool {
        switch v {
        case 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B,
             0x301E, 0x301F, 0x3005, 0x303B, 0x309D, 0x309E, 0x30FC, 0x30FD, 0x30FE,
             0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E,
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE,
             0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60,
             0xFF61, 0xFF63, 0xFF64, 0x2019, 0x201D, 0xFE50, 0xFE52:
            return true
        default:
            return false
        }
    }

    /// CJK punctuation that must not end a line.
    static func isOpeningCJK(_ v: UInt32) -> Bool {
        switch v {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
             0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62, 0x2018, 0x201C:
            return true
        default:
            return false
        }
    }

    /// Whether a line may break between an element of class `a` and one of class `b`.
    /// Tests the raw bits directly: this runs once per element of every layout, and
    /// OptionSet's generic `contains` is not specialized in debug builds.
    static func canBreak(between a: BreakClass, and b: BreakClass) -> Bool {
        let x = a.rawValue, y = b.rawValue
        if y & space.rawValue != 0 { return false }
        if x & (space.rawValue | zeroWidthSpace.rawValue) != 0 { return true }
        if y & noBreakBefore.rawValue != 0 || x & noBreakAfter.rawValue != 0 { return false }
        if (x | y) & wide.rawValue != 0 { return true }
        if x & breakAfter.rawValue != 0 { return y & letter.rawValue != 0 }
        return false
    }

    /// `contains(.space)` without the generic OptionSet path (see `canBreak`).
    var isSpace: Bool { rawValue & BreakClass.space.rawValue != 0 }
}
