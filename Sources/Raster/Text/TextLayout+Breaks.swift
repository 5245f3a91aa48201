// Break opportunities between elements: UAX #14 (`LineBreaker`) over the code points of
// the elements, taken at element boundaries, kept in `classes[k].breaksBefore`.
//
// A rule can look back past any number of spaces, digits or marks, so an edit can change
// an opportunity away from it. The breaker starts again as at the start of a text after
// an element whose class no rule looks past (`BreakClass.isRestart`: a letter, an
// ideograph, an emoji, a newline...), so an edit re-runs it only from the restart element
// before the edit to the first one after it (`refreshBreaks`), usually a few elements.

extension TextLayout {
    /// Runs the breaker from element `from` (as the start of a text: it is a restart
    /// element or the first) through element `through`, setting `breaksBefore` of
    /// elements `from + 1 ... through`. O(code points of those elements).
    mutating func computeBreaks(from: Int, through: Int) {
        guard from >= 0, through < elements.count, from <= through else { return }
        classes[from].breaksBefore = from > 0 && classes[from].breaksBefore
        guard from < through else { return }
        var flat: [LineBreakClass] = []
        flat.reserveCapacity(through - from + 1)
        var starts: [Int] = []
        starts.reserveCapacity(through - from + 1)
        for k in from...through {
            starts.append(flat.count)
            if let u = classes[k].unitClass {
                flat.append(u)
            } else if case .character(let c) = elements[k] {
                for s in c.unicodeScalars { flat.append(LineBreakClass.of(s.value)) }
            } else {
                flat.append(.al)   // not reached: only characters are several units
            }
        }
        let opportunities = LineBreaker.opportunities(flat)
        for k in (from + 1)...through {
            classes[k].breaksBefore = opportunities[starts[k - from]]
        }
    }

    /// After elements `changed` (new indices) replaced others, recomputes the break
    /// opportunities the change can affect and returns the elements whose opportunity
    /// may differ from before (it contains `changed`'s elements after its first, and
    /// `changed.upperBound` when an element follows).
    mutating func refreshBreaks(around changed: Range<Int>) -> Range<Int> {
        let n = elements.count
        guard n > 0 else { return changed }
        var from = min(max(0, changed.lowerBound - 1), n - 1)
        while from > 0 && !classes[from].isRestart { from -= 1 }
        var through = min(max(changed.upperBound, from + 1), n - 1)
        while through < n - 1 && !classes[through].isRestart { through += 1 }
        computeBreaks(from: from, through: through)
        return (from + 1)..<max(from + 1, through + 1)
    }
}
