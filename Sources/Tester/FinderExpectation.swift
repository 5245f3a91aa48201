import SimCore

/// What an expectation asserts about a finder's target, as Playwright's `toBeVisible`
/// and `toHaveCount`, Flutter's `findsOneWidget` and `findsNothing`, Compose's
/// `assertIsDisplayed` and `assertIsEnabled`. Scripts write `expect <finder> <this>`
/// (`expect panel.dot 1 selected`); Swift `try tester.expect(.pageDot(1), .selected)`.
/// Both check the same `FinderResult` with `check(_:)`.
///
/// The words, over what `Testable.resolve(_:)` answers now:
/// - `visible`: drawn on screen and its centre not covered by something drawn on top
///   (a hit, or a disabled control: a greyed send button is visible); this is
///   `FinderResult.isVisible`, the one definition.
/// - `hidden`: not visible: covered, off screen (scrolled away, on another page, in a
///   group the panel does not show), or absent.
/// - `exists`: the model has it, on screen or not (an emoji of the catalog on another
///   page, a message scrolled off).
/// - `absent`: the model has no such thing (no emoji with that code, row 40 of a
///   12-message list, the panel's keys while the system keyboard shows).
/// - `enabled` / `disabled`: on screen (covered or not) and drawn enabled / disabled.
/// - `selected`: on screen and drawn selected (the current tab, the current page dot).
/// - `count N`: N matches are drawn on screen now (covered ones included; 1 for a
///   component that is there, 0 for one that is not).
/// - `text "…"`: on screen and showing exactly this text (a row's message, the input's
///   text with emoji as `[code]`, the search query).
public enum FinderExpectation: Hashable, Sendable, CustomStringConvertible {
    /// On screen and not covered.
    case visible
    /// Not visible (covered, off screen or absent).
    case hidden
    /// The model has it, on screen or not.
    case exists
    /// The model has no such thing.
    case absent
    /// On screen and drawn enabled.
    case enabled
    /// On screen and drawn disabled.
    case disabled
    /// On screen and drawn selected.
    case selected
    /// Exactly this many matches drawn on screen.
    case count(Int)
    /// On screen, showing exactly this text.
    case text(String)

    /// The words without an argument, for parsers and messages.
    public static let words = ["visible", "hidden", "exists", "absent", "enabled", "disabled", "selected"]

    /// The script spelling: `visible`, `count 2`, `text "你好"`.
    public var description: String {
        switch self {
        case .visible: return "visible"
        case .hidden: return "hidden"
        case .exists: return "exists"
        case .absent: return "absent"
        case .enabled: return "enabled"
        case .disabled: return "disabled"
        case .selected: return "selected"
        case .count(let n): return "count \(n)"
        case .text(let t): return "text " + quotedLiteral(t)
        }
    }

    /// The expectation with no argument spelled `word`, nil for another word.
    public init?(word: String) {
        switch word {
        case "visible": self = .visible
        case "hidden": self = .hidden
        case "exists": self = .exists
        case "absent": self = .absent
        case "enabled": self = .enabled
        case "disabled": self = .disabled
        case "selected": self = .selected
        default: return nil
        }
    }

    /// Whether it holds for `result`, and what was found, in the words a failure prints
    /// after "found" (`hidden (covered by the preview)`, `count 2`, `not selected`).
    ///
    /// - Complexity: O(1) (the resolution did the work).
    public func check(_ result: FinderResult) -> FinderCheck {
        let state = FinderCheck.state(of: result)
        switch self {
        case .visible: return FinderCheck(state.visible, state.words)
        case .hidden: return FinderCheck(!state.visible, state.words)
        case .exists: return FinderCheck(result.exists, state.words)
        case .absent: return FinderCheck(!result.exists, state.words)
        case .enabled, .disabled:
            guard result.found != nil else { return FinderCheck(false, state.words) }
            var isDisabled = false
            if case .disabled = result { isDisabled = true }
            let found = isDisabled ? state.words : "enabled"
            return FinderCheck(isDisabled == (self == .disabled), found)
        case .selected:
            guard let hit = result.found else { return FinderCheck(false, state.words) }
            // nil: drawn without a selection state, which reads as not selected.
            return hit.isSelected == true ? FinderCheck(true, "selected") : FinderCheck(false, "not selected")
        case .count(let n):
            let c = result.found?.count ?? 0
            let why = result.found == nil ? " (\(state.words))" : ""
            return FinderCheck(c == n, "count \(c)" + why)
        case .text(let t):
            guard let hit = result.found else { return FinderCheck(false, state.words) }
            guard let shown = hit.text else { return FinderCheck(false, "no text") }
            return FinderCheck(shown == t, "text " + boundedQuotedLiteral(shown))
        }
    }
}

/// The answer of `FinderExpectation.check(_:)`.
public struct FinderCheck: Hashable, Sendable {
    /// Whether the expectation holds.
    public var passed: Bool
    /// What was found, in the words a failure prints after "found".
    public var found: String

    /// - Parameters:
    ///   - passed: Whether it holds.
    ///   - found: What was found.
    public init(_ passed: Bool, _ found: String) { self.passed = passed; self.found = found }

    /// Visible or not, and the resolution in words: `visible`, `disabled (…)`,
    /// `hidden (covered by …)`, `hidden (off screen: …)`, `absent (…)`.
    static func state(of r: FinderResult) -> (visible: Bool, words: String) {
        let words: String
        switch r {
        case .hit: words = "visible"
        case .disabled(let why, _): words = "disabled (\(why))"
        case .covered(let by, _): words = "hidden (covered by \(by))"
        case .offScreen(let why, _): words = "hidden (off screen: \(why))"
        case .missing(let why): words = "absent (\(why))"
        case .notInCatalog: words = "absent (\(r.description))"
        }
        return (r.isVisible, words)
    }
}
