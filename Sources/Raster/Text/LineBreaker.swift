/// A Line_Break class of UAX #14 (Unicode 15.0) after LB1's resolution: AI, SG and XX
/// are AL, SA is CM or AL, CJ is NS (the strict CJK line-start rule: small kana and the
/// prolonged sound mark do not start a line). Three classes are split so that one table
/// answers every rule: OP and CP of East Asian width F, W or H (`opEA`, `cpEA`; LB30
/// keeps only the others to a letter), and unassigned Extended_Pictographic code points
/// (`idCn`; LB30b). The order is the generator's (Tools/scripts/gen-line-break-tables.py).
enum LineBreakClass: UInt8, Sendable {
    case bk, cr, lf, nl, sp, zw, zwj, cm, wj, gl, ba, hy, ns, bb, b2, cb, cl, cp, cpEA, op, opEA
    case qu, ex, `is`, sy, `in`, pr, po, nu, al, hl, id, idCn, eb, em, h2, h3, jl, jv, jt, ri

    /// The class of a code point: O(1) for ASCII, else a binary search over about 2,500 runs.
    static func of(_ v: UInt32) -> LineBreakClass {
        if v < 0x80 { return LineBreakClass(rawValue: LineBreakTables.ascii[Int(v)]) ?? .al }
        let runs = LineBreakTables.runs
        let key = v << 8 | 0xFF
        var lo = 0, hi = runs.count   // the last run whose start is <= v
        while lo < hi {
            let mid = (lo + hi) >> 1
            if runs[mid] <= key { lo = mid + 1 } else { hi = mid }
        }
        return LineBreakClass(rawValue: UInt8(truncatingIfNeeded: runs[max(0, lo - 1)])) ?? .al
    }

    var isOpen: Bool { self == .op || self == .opEA }
    var isClose: Bool { self == .cl || self == .cp || self == .cpEA }
    var isLetter: Bool { self == .al || self == .hl }
    var isMark: Bool { self == .cm || self == .zwj }
    var isHardBreak: Bool { self == .bk || self == .cr || self == .lf || self == .nl }
}

/// UAX #14's line breaking algorithm (Unicode 15.0, rules LB2 to LB31 with the tailoring
/// of numbers LB25 of its Example 7, as LineBreakTest.txt and ICU use), over a sequence of
/// code point classes. The pair rules (LB11 to LB31) are one function of the classes on
/// either side; the rules that look further are state carried along the text: the class
/// before a run of spaces (LB8, LB14 to LB17), the unit before the last (LB21a), the
/// number being read (LB25), the length of a regional-indicator run (LB30a); combining
/// marks join the unit before them (LB9). Only LB25's `(PR | PO) × OP NU` looks ahead,
/// one unit.
///
/// Pure and allocation-free apart from the result; O(n).
struct LineBreaker {
    /// The class of the unit before (after LB9 and LB10).
    private var unit: LineBreakClass
    /// The unit before `unit`.
    private var unitBefore: LineBreakClass?
    /// The last unit that is not a space.
    private var lastNonSpace: LineBreakClass?
    /// The raw class of the code point before (LB4, LB5, LB8a look at it, not at units).
    private var previous: LineBreakClass
    /// The units so far end with `NU (NU | SY | IS)*` (LB25).
    private var inNumber = false
    /// The units so far end with `NU (NU | SY | IS)* (CL | CP)` (LB25).
    private var afterNumber = false
    /// Regional indicators ending the units so far (LB30a).
    private var regionalIndicators = 0

    /// Starts at the first code point of a text (LB2: no break before it).
    init(first: LineBreakClass) {
        previous = first
        unit = .al
        enter(first.isMark ? .al : first)   // LB10
        unitBefore = nil
    }

    /// Whether a line may (or must) break between each code point and the one before:
    /// element 0 is false (LB2); the end of the text (LB3) is not an element.
    static func opportunities(_ classes: [LineBreakClass]) -> [Bool] {
        var out = [Bool](repeating: false, count: classes.count)
        guard let first = classes.first else { return out }
        var breaker = LineBreaker(first: first)
        for i in 1..<classes.count {
            out[i] = breaker.next(classes, at: i)
        }
        return out
    }

    /// Decides the boundary before `classes[i]` (the code points before it already
    /// passed through `next`) and moves past it.
    mutating func next(_ classes: [LineBreakClass], at i: Int) -> Bool {
        let b = classes[i]
        let a = unit
        let absorbed = b.isMark && !(a.isHardBreak || a == .sp || a == .zw)   // LB9
        let result: Bool
        if previous == .bk || previous == .lf || previous == .nl {
            result = true                                             // LB4, LB5
        } else if previous == .cr {
            result = b != .lf                                         // LB5
        } else if b.isHardBreak || b == .sp || b == .zw {
            result = false                                            // LB6, LB7
        } else if a == .zw || (a == .sp && lastNonSpace == .zw) {
            result = true                                             // LB8
        } else if previous == .zwj || absorbed {
            result = false                                            // LB8a, LB9
        } else {
            result = pair(b.isMark ? .al : b, classes, at: i)         // LB10 and on
        }
        previous = b
        if !absorbed { enter(b.isMark ? .al : b) }
        return result
    }

    /// Moves past a new unit of class `u`.
    private mutating func enter(_ u: LineBreakClass) {
        unitBefore = unit
        unit = u
        if u != .sp { lastNonSpace = u }
        switch u {
        case .nu: inNumber = true; afterNumber = false
        case .sy, .is: afterNumber = false
        case .cl, .cp, .cpEA: afterNumber = inNumber; inNumber = false
        default: inNumber = false; afterNumber = false
        }
        regionalIndicators = u == .ri ? regionalIndicators + 1 : 0
    }

    /// LB11 to LB31 between the unit before and a new unit `b` at `classes[i]`.
    private func pair(_ b: LineBreakClass, _ classes: [LineBreakClass], at i: Int) -> Bool {
        let a = unit
        if b == .wj { return false }                                  // LB11
        if b.isClose || b == .ex || b == .is || b == .sy { return false } // LB13
        if a == .sp {
            // The rules that see through spaces, then LB18.
            let x = lastNonSpace
            if let x, x.isOpen { return false }                       // LB14
            if x == .qu && b.isOpen { return false }                  // LB15
            if let x, x.isClose, b == .ns { return false }            // LB16
            if x == .b2 && b == .b2 { return false }                  // LB17
            return true                                               // LB18
        }
        if a == .wj || a == .gl { return false }                      // LB11, LB12
        if b == .gl && a != .ba && a != .hy { return false }          // LB12a
        if a.isOpen { return false }                                  // LB14
        if a == .qu && b.isOpen { return false }                      // LB15
        if a.isClose && b == .ns { return false }                     // LB16
        if a == .b2 && b == .b2 { return false }                      // LB17
        if a == .qu || b == .qu { return false }                      // LB19
        if a == .cb || b == .cb { return true }                       // LB20
        if b == .ba || b == .hy || b == .ns || a == .bb { return false } // LB21
        if unitBefore == .hl && (a == .hy || a == .ba) { return false } // LB21a
        if a == .sy && b == .hl { return false }                      // LB21b
        if b == .in { return false }                                  // LB22
        if (a.isLetter && b == .nu) || (a == .nu && b.isLetter) { return false } // LB23
        if a == .pr && (b == .id || b == .idCn || b == .eb || b == .em) { return false } // LB23a
        if (a == .id || a == .idCn || a == .eb || a == .em) && b == .po { return false }
        if (a == .pr || a == .po) && b.isLetter { return false }      // LB24
        if a.isLetter && (b == .pr || b == .po) { return false }
        if a == .pr || a == .po {                                     // LB25
            if b == .nu { return false }
            if (b.isOpen || b == .hy) && Self.unit(after: i, in: classes) == .nu { return false }
        }
        if (a.isOpen || a == .hy) && b == .nu { return false }
        if inNumber && (b == .nu || b == .sy || b == .is || b.isClose) { return false }
        if (inNumber || afterNumber) && (b == .pr || b == .po) { return false }
        switch (a, b) {                                               // LB26, LB27
        case (.jl, .jl), (.jl, .jv), (.jl, .h2), (.jl, .h3),
             (.jv, .jv), (.jv, .jt), (.h2, .jv), (.h2, .jt), (.jt, .jt), (.h3, .jt),
             (.jl, .po), (.jv, .po), (.jt, .po), (.h2, .po), (.h3, .po),
             (.pr, .jl), (.pr, .jv), (.pr, .jt), (.pr, .h2), (.pr, .h3):
            return false
        default: break
        }
        if a.isLetter && b.isLetter { return false }                  // LB28
        if a == .is && b.isLetter { return false }                    // LB29
        if (a.isLetter || a == .nu) && b == .op { return false }      // LB30
        if a == .cp && (b.isLetter || b == .nu) { return false }
        if a == .ri && b == .ri && regionalIndicators & 1 == 1 { return false } // LB30a
        if (a == .eb || a == .idCn) && b == .em { return false }      // LB30b
        return true                                                   // LB31
    }

    /// The class of the unit after the one starting at `i` (its marks skipped), if any.
    private static func unit(after i: Int, in classes: [LineBreakClass]) -> LineBreakClass? {
        var j = i + 1
        while j < classes.count && classes[j].isMark { j += 1 }
        return j < classes.count ? classes[j] : nil
    }
}
