import SimCore

/// The first-responder rules of the input bar as a reducer: whether the text view is
/// first responder and which input view it asks for.
///
/// Rules (seed node 2 and the issue):
/// - tap the text view: become first responder with the system keyboard; if the emoji
///   keyboard was up, switch back to the system keyboard;
/// - tap the toggle: swap system <-> emoji; if not first responder, become first
///   responder with the emoji keyboard (the toggle showed the emoji icon);
/// - tap outside the bar and keyboard: resign, hide the keyboard, reset the toggle.
///
/// Invariant: `keyboard == .none` exactly when `!isFirstResponder`, and the toggle shows
/// the keyboard icon exactly when `keyboard == .emoji`. No time: nothing is ever due
/// and no frames are needed.
public struct FirstResponder: Reducer {
    /// What the user did.
    public enum Action: Hashable, Sendable {
        /// A tap in the text view.
        case tapTextView
        /// A tap on the emoji/keyboard toggle button.
        case tapToggle
        /// A tap outside the input bar and the keyboard (the message list).
        case tapOutside
    }

    /// What changed, in the order UIKit reports it.
    public enum Event: Hashable, Sendable {
        /// The text view became first responder.
        case becameFirstResponder
        /// The text view resigned; the keyboard goes away.
        case resignedFirstResponder
        /// The input view was swapped (reloadInputViews).
        case inputViewChanged(KeyboardKind)
    }

    /// Whether the text view is first responder and which keyboard it asks for.
    public struct State: Hashable, Sendable {
        /// Whether the text view is first responder (has a keyboard up or coming).
        public var isFirstResponder = false
        /// The keyboard the text view asks for: `.none` unless first responder.
        public var keyboard: KeyboardKind = .none

        /// Not first responder, no keyboard.
        public init() {}

        /// A state as given (for tests' expected states).
        ///
        /// - Parameters:
        ///   - isFirstResponder: Whether the text view is first responder.
        ///   - keyboard: The keyboard it asks for; keep the invariant (`.none` exactly
        ///     when not first responder) or the reducer's rules will not hold.
        public init(isFirstResponder: Bool, keyboard: KeyboardKind) {
            self.isFirstResponder = isFirstResponder
            self.keyboard = keyboard
        }

        /// The toggle's icon: the emoji face while the system keyboard (or none) is up,
        /// the keyboard glyph while the emoji keyboard is up.
        public var toggleShowsKeyboardIcon: Bool { keyboard == .emoji }
    }

    /// The reducer (it has no dependencies).
    public init() {}

    /// Applies one input; returns what changed.
    ///
    /// - Parameters:
    ///   - s: The state.
    ///   - action: The tap.
    ///   - now: The instant (unused: the rules take no time).
    /// - Returns: The changes in UIKit's order; empty when the tap changes nothing.
    public func reduce(into s: inout State, _ action: Action, at now: SimInstant) -> [Event] {
        var changes: [Event] = []
        switch action {
        case .tapTextView:
            if !s.isFirstResponder { s.isFirstResponder = true; changes.append(.becameFirstResponder) }
            if s.keyboard != .system { s.keyboard = .system; changes.append(.inputViewChanged(.system)) }
        case .tapToggle:
            if !s.isFirstResponder { s.isFirstResponder = true; changes.append(.becameFirstResponder) }
            s.keyboard = s.keyboard == .emoji ? .system : .emoji
            changes.append(.inputViewChanged(s.keyboard))
        case .tapOutside:
            guard s.isFirstResponder else { return [] }
            s.isFirstResponder = false
            s.keyboard = .none
            changes.append(.resignedFirstResponder)
        }
        return changes
    }

    /// Never: the rules are instantaneous.
    ///
    /// - Parameter state: The state (unused).
    /// - Returns: `nil`.
    public func nextDeadline(_ state: State) -> SimInstant? { nil }
    /// Never.
    ///
    /// - Parameters:
    ///   - state: The state (unused).
    ///   - now: The instant (unused).
    /// - Returns: `false`.
    public func needsFrames(_ state: State, at now: SimInstant) -> Bool { false }
    /// Nothing moves.
    ///
    /// - Parameters:
    ///   - state: The state (unused).
    ///   - now: The instant (unused).
    /// - Returns: An empty list.
    public func motion(_ state: State, at now: SimInstant) -> [String] { [] }
    /// No frames.
    public static var frameAction: Action? { nil }
    /// No deadlines.
    public static var deadlineAction: Action? { nil }
}
