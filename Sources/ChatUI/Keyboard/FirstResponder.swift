/// The first-responder rules of the input bar as a small state machine: whether the
/// text view is first responder and which input view it asks for.
///
/// Rules (seed node 2 and the issue):
/// - tap the text view: become first responder with the system keyboard; if the emoji
///   keyboard was up, switch back to the system keyboard;
/// - tap the toggle: swap system <-> emoji; if not first responder, become first
///   responder with the emoji keyboard (the toggle showed the emoji icon);
/// - tap outside the bar and keyboard: resign, hide the keyboard, reset the toggle.
///
/// Invariant: `keyboard == .none` exactly when `!isFirstResponder`, and the toggle shows
/// the keyboard icon exactly when `keyboard == .emoji`.
public struct FirstResponder: Hashable, Sendable {
    public enum Input: Hashable, Sendable {
        case tapTextView
        case tapToggle
        case tapOutside
    }

    /// What changed, for the trace and the owner.
    public enum Change: Hashable, Sendable {
        case becameFirstResponder
        case resignedFirstResponder
        /// The input view was swapped (reloadInputViews).
        case inputViewChanged(KeyboardKind)
    }

    public private(set) var isFirstResponder = false
    /// The keyboard the text view asks for: `.none` unless first responder.
    public private(set) var keyboard: KeyboardKind = .none

    public init() {}

    /// The toggle's icon: the emoji face while the system keyboard (or none) is up,
    /// the keyboard glyph while the emoji keyboard is up.
    public var toggleShowsKeyboardIcon: Bool { keyboard == .emoji }

    /// Applies one input; returns what changed, in the order UIKit reports it. O(1).
    public mutating func apply(_ input: Input) -> [Change] {
        var changes: [Change] = []
        switch input {
        case .tapTextView:
            if !isFirstResponder { isFirstResponder = true; changes.append(.becameFirstResponder) }
            if keyboard != .system { keyboard = .system; changes.append(.inputViewChanged(.system)) }
        case .tapToggle:
            if !isFirstResponder { isFirstResponder = true; changes.append(.becameFirstResponder) }
            keyboard = keyboard == .emoji ? .system : .emoji
            changes.append(.inputViewChanged(keyboard))
        case .tapOutside:
            guard isFirstResponder else { return [] }
            isFirstResponder = false
            keyboard = .none
            changes.append(.resignedFirstResponder)
        }
        return changes
    }
}
