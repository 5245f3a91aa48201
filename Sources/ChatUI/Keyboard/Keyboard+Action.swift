import SimCore

extension Keyboard {
    /// Every input of the keyboard model as a value; `send(_:)` is its reducer.
    public enum Action: Hashable, Sendable {
        case show(KeyboardKind, at: SimInstant)
        case hide(at: SimInstant)
        case resize(Size, at: SimInstant)
        case tick(at: SimInstant)
    }

    /// Runs one action; returns the notifications to post, in UIKit's order. O(1).
    public mutating func send(_ action: Action) -> [KeyboardNotification] {
        switch action {
        case let .show(kind, t): return show(kind, at: t)
        case let .hide(t): return hide(at: t)
        case let .resize(size, t): return resize(to: size, at: t)
        case let .tick(t): return tick(at: t)
        }
    }

    /// The keyboard's observable state as settable fields (what a `TestStore` asserts).
    public struct Observation: Hashable, Sendable {
        public var kind: KeyboardKind
        public var animation: Animation?
        public var screen: Size
        /// Where the keyboard rests once the requested kind is up (or hidden).
        public var restingFrame: Rect

        public init(_ k: Keyboard) {
            kind = k.kind
            animation = k.animation
            screen = k.profile.size
            restingFrame = k.restingFrame(for: k.kind)
        }
    }
}
