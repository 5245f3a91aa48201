import SimCore

/// A finder expectation that did not hold (or could not be checked: the subject did
/// not settle). Prints as a script's failure reads: `expected panel.dot 1 selected,
/// found not selected`.
public struct ExpectationFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was looked for, in script spelling.
    public var finder: Finder
    /// What was expected of it.
    public var expectation: FinderExpectation
    /// What was found (`FinderCheck.found`), or why it could not be checked.
    public var found: String

    /// - Parameters:
    ///   - finder: What was looked for.
    ///   - expectation: What was expected of it.
    ///   - found: What was found.
    public init(_ finder: Finder, _ expectation: FinderExpectation, found: String) {
        self.finder = finder; self.expectation = expectation; self.found = found
    }

    /// `expected <finder> <expectation>, found <found>`.
    public var description: String { "expected \(finder) \(expectation), found \(found)" }
}

/// Assertions and queries over finders, as a script's `expect <finder> ...` lines check
/// them: `try tester.expect(.pageDot(1), .selected)`, `#expect(tester.isVisible(.label("微笑")))`.
/// In auto timing each first waits for idle, as an `expect` line does, so a Swift test
/// and its script advance the clock alike and give the same trace.
extension Tester {
    /// Checks `expectation` of what `finder` finds now (after idle in auto timing).
    ///
    /// - Throws: `ExpectationFailure` naming the finder and what was found, when it does
    ///   not hold or the subject does not settle.
    public func expect(_ finder: Finder, _ expectation: FinderExpectation) throws(ExpectationFailure) {
        let c = check(finder, expectation)
        if !c.passed { throw ExpectationFailure(finder, expectation, found: c.found) }
    }

    /// Whether `expectation` holds for what `finder` finds now (after idle in auto
    /// timing), and what was found; a subject that does not settle fails, saying so.
    public func check(_ finder: Finder, _ expectation: FinderExpectation) -> FinderCheck {
        do throws(TesterError) { try synchronize() } catch {
            return FinderCheck(false, "nothing yet: \(error)")
        }
        return expectation.check(subject.laidOutResolve(finder))
    }

    /// True when `finder`'s target is on screen and not covered, after idle in auto
    /// timing: `FinderResult.isVisible`, as `expect T visible` reads it.
    public func isVisible(_ finder: Finder) -> Bool { check(finder, .visible).passed }

    /// True when the subject's model has `finder`'s target, on screen or not
    /// (`FinderResult.exists`, as `expect T exists` reads it).
    public func exists(_ finder: Finder) -> Bool { check(finder, .exists).passed }

    /// True when `finder`'s target is on screen and drawn enabled, covered or not
    /// (`expect T enabled`).
    public func isEnabled(_ finder: Finder) -> Bool { check(finder, .enabled).passed }

    /// True when `finder`'s target is on screen and drawn selected (`expect T selected`).
    public func isSelected(_ finder: Finder) -> Bool { check(finder, .selected).passed }

    /// How many matches of `finder` are drawn on screen now (`FinderExpectation.count`).
    public func count(of finder: Finder) -> Int {
        _ = try? synchronize()
        return subject.laidOutResolve(finder).found?.count ?? 0
    }
}
