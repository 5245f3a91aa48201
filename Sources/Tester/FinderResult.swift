import SimCore

/// What a finder found, with the facts expectations read: the frame, the point a touch
/// aims at, how many things matched, and the state drawn for it.
public struct FinderHit: Hashable, Sendable {
    /// The visible part of what was found, in the subject's coordinates.
    public var frame: Rect
    /// Where a touch aims (the centre of `frame` unless the kind says otherwise, as the
    /// caret boundary of `input at N`).
    public var point: Point
    /// How many things the finder matched (before `first`/`nth` picked one); 1 for the
    /// screen's components.
    public var count: Int
    /// Drawn as selected (the current tab, the current page dot); nil when the kind has
    /// no selection.
    public var isSelected: Bool?
    /// The text it shows (a row's message, the search query, the input's text), nil
    /// when it shows none.
    public var text: String?

    /// A hit.
    ///
    /// - Parameters:
    ///   - frame: The visible frame.
    ///   - point: The touch point; the frame's centre by default.
    ///   - count: How many things matched.
    ///   - isSelected: Whether it is drawn selected, if it can be.
    ///   - text: The text it shows, if any.
    public init(frame: Rect, point: Point? = nil, count: Int = 1, isSelected: Bool? = nil, text: String? = nil) {
        self.frame = frame
        self.point = point ?? frame.center
        self.count = count
        self.isSelected = isSelected
        self.text = text
    }
}

/// The answer of `Testable.resolve(_:)`: where a finder's target is now and whether a
/// touch there reaches it (Playwright's actionability: attached, visible, enabled,
/// receives events), or exactly why not, with the facts.
///
/// Each reason reads after the finder and a colon (`tap list.row 9: row 9 is scrolled
/// off (rows 0 to 5 are displayed)`); `description` is that reason.
public enum FinderResult: Hashable, Sendable, CustomStringConvertible {
    /// Found, visible, enabled, and a touch at the point reaches it.
    case hit(FinderHit)
    /// Nothing matches now ("the emoji keyboard is not shown (keyboard: system)").
    case missing(String)
    /// No emoji with this code in the catalog (the caller may name the catalog).
    case notInCatalog(String)
    /// It exists but is not visible ("row 9 is scrolled off (…)", "it is on page 2 of
    /// group 经典; the panel shows page 0"); its frame when it has one.
    case offScreen(String, frame: Rect?)
    /// It is there but takes no touches ("the input is empty"); what a touch would aim at
    /// (manual timing touches it anyway, with a warning).
    case disabled(String, FinderHit)
    /// It is there, but a touch at its point reaches what is drawn on top ("the preview").
    case covered(by: String, FinderHit)

    /// The facts of what was found, whatever its actionability; nil when nothing is
    /// there to touch (missing, not in the catalog, off screen).
    public var found: FinderHit? {
        switch self {
        case .hit(let h), .disabled(_, let h), .covered(_, let h): return h
        case .missing, .notInCatalog, .offScreen: return nil
        }
    }

    /// True when a touch at the point would reach it now.
    public var isHit: Bool {
        if case .hit = self { return true }
        return false
    }

    /// True when it is visible: the one definition that `FinderExpectation.visible` and
    /// `.hidden`, `Tester.isVisible(_:)` and scripts' `expect T visible|hidden` all read.
    /// Visible is on screen (what every clip around it, the screen's edges included,
    /// leaves of its frame is not empty) and not covered at its touch point by something
    /// drawn on top: a hit, or a disabled target (a greyed send button is visible).
    /// Covered, off-screen (scrolled away, on another page, clipped away), missing and
    /// not-in-catalog targets are not; `found` still has the facts of a covered one.
    public var isVisible: Bool {
        switch self {
        case .hit, .disabled: return true
        case .covered, .offScreen, .missing, .notInCatalog: return false
        }
    }

    /// True when something matches, drawn or not: `exists`.
    public var exists: Bool {
        switch self {
        case .missing, .notInCatalog: return false
        default: return true
        }
    }

    /// The reason as failures print it after the finder; empty for a hit.
    public var description: String {
        switch self {
        case .hit: return ""
        case .missing(let why), .offScreen(let why, _): return why
        case .notInCatalog(let code): return "no emoji with code '\(code)' in the catalog"
        case .disabled(let why, _): return "disabled (\(why))"
        case .covered(let by, _): return "covered by \(by)"
        }
    }
}
