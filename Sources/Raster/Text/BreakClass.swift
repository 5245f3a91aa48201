/// What line breaking keeps of one layout element (a grapheme cluster, an inline emoji or
/// a hard newline): its UAX #14 class when it is one unit, whether it hangs at a line's
/// end, and whether a line may break before it.
///
/// The break opportunities are UAX #14's (`LineBreaker`, Unicode 15.0, checked against
/// LineBreakTest.txt) taken at element boundaries: a line never breaks inside a grapheme
/// cluster. An inline emoji image is one object replacement character (U+FFFC, class CB),
/// as an `NSTextAttachment` is in UIKit's text: a break is allowed on both sides of it
/// except where a rule before LB20 forbids one (before `，。」）!`, after `「（`, ...).
struct BreakClass: Hashable, Sendable {
    var rawValue: UInt16

    /// Bits 0-5: the `LineBreakClass` of an element that is one unit; `several` otherwise.
    private static let classMask: UInt16 = 63
    private static let several: UInt16 = 63
    private static let hangsBit: UInt16 = 1 << 6
    private static let breakBeforeBit: UInt16 = 1 << 7
    private static let restartBit: UInt16 = 1 << 8

    private init(unit: LineBreakClass?, hangs: Bool = false) {
        var r = unit.map { UInt16($0.rawValue) } ?? Self.several
        if hangs { r |= Self.hangsBit }
        if let unit, Self.restarts(unit) { r |= Self.restartBit }
        rawValue = r
    }

    /// A hard newline element (whichever of CR, LF, CRLF, NEL, LS, PS: all break after).
    static let newline = BreakClass(unit: .lf)
    /// An inline emoji image: U+FFFC.
    static let inlineEmoji = BreakClass(unit: .cb)

    /// The class of a character element. One unit when it is one code point, or a base
    /// with combining marks that join it (LB9); several (an emoji ZWJ sequence, a flag, a
    /// hangul jamo sequence) means the breaker reads its code points again.
    static func of(_ c: Character) -> BreakClass {
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return BreakClass(unit: nil) }
        let v = first.value
        let hangs: Bool
        switch v {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: hangs = true
        default: hangs = false
        }
        var unit: LineBreakClass? = LineBreakClass.of(v)
        if let u = unit, scalars.count > 1 {
            if u.isHardBreak || u.isMark || u == .sp || u == .zw {
                unit = nil
            } else {
                for s in scalars.dropFirst() where LineBreakClass.of(s.value) != .cm {
                    unit = nil
                    break
                }
            }
        }
        return BreakClass(unit: unit, hangs: hangs)
    }

    /// Whether the state of the breaker after a unit of class `u` depends on that unit
    /// alone (no rule looks back past it, and none looks ahead from before it past it):
    /// the breaker can start again there as at the start of a text, which is what bounds
    /// the work of an incremental relayout (`TextLayout.refreshBreaks`).
    private static func restarts(_ u: LineBreakClass) -> Bool {
        switch u {
        case .sp, .zw, .cm, .zwj, .bk, .cr, .nl, .nu, .sy, .is, .cl, .cp, .cpEA, .op, .opEA, .ri, .hy, .ba:
            return false
        default:
            return true
        }
    }

    /// The element's class when it is one unit.
    var unitClass: LineBreakClass? {
        let k = rawValue & Self.classMask
        return k == Self.several ? nil : LineBreakClass(rawValue: UInt8(k))
    }

    /// A space that hangs at the end of a line (never causes a wrap, not drawn there).
    var isSpace: Bool { rawValue & Self.hangsBit != 0 }

    /// Whether a line may break before this element (UAX #14 at element boundaries).
    var breaksBefore: Bool {
        get { rawValue & Self.breakBeforeBit != 0 }
        set { rawValue = newValue ? rawValue | Self.breakBeforeBit : rawValue & ~Self.breakBeforeBit }
    }

    /// Whether the breaker may start again after this element (see `restarts`).
    var isRestart: Bool { rawValue & Self.restartBit != 0 }
}
