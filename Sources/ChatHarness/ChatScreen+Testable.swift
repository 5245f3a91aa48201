import SimCore
import EmojiText
import Interaction
import Raster
import Tester
import ChatUI

/// The chat screen as a `TestableReducer`: its `Host` is what a `Tester` drives
/// (`Tester(host)`), aimed by finders (`try tester.tap(.emoji("笑哭"))`, resolved by
/// `resolve(_:in:at:)`). A touch is `.touch`; queries are functions of the state.
extension ChatScreen: TestableReducer {
    /// Every touch goes through the screen's routing (`.touch`).
    /// - Parameter touch: A finger's down, move, up or cancel.
    /// - Returns: `.touch(touch)`.
    public func touchAction(_ touch: TouchEvent) -> Action { .touch(touch) }

    /// The whole screen.
    /// - Parameter state: The screen's state (its profile's size).
    /// - Returns: The screen's bounds in points.
    public func bounds(_ state: State) -> Rect { state.profile.bounds }

    /// True while any finger is down on the screen (a held finger keeps it from settling).
    /// - Parameter state: The screen's state.
    /// - Returns: Whether a touch is down.
    public func hasFingerDown(_ state: State) -> Bool { !state.touchTargets.isEmpty }

    /// `.layout` before a snapshot (`finder` nil) and before resolving what is drawn
    /// (the drawn kinds, and the panel's search field while the panel is shown): the
    /// list's height then follows the keyboard at that instant, as a draw would see it.
    /// - Parameters:
    ///   - finder: The finder about to be resolved, or nil before a snapshot.
    ///   - state: The screen's state.
    /// - Returns: `.layout`, or nil when the finder reads only the models' geometry.
    public func layoutAction(for finder: Finder?, in state: State) -> Action? {
        guard let finder else { return .layout }
        if finder.isDrawnKind { return .layout }
        if finder == .searchField && state.inputBar.keyboard.shownKind == .emoji { return .layout }
        return nil
    }

    /// Every model invariant that does not hold in `state`: the screen's own checks
    /// (`ChatScreen.invariantViolations(_:)`, in ChatUI), at any instant.
    /// - Parameters:
    ///   - state: The screen's state.
    ///   - now: The instant (unused by the screen's checks; part of the protocol).
    /// - Returns: One description per broken invariant; empty when all hold.
    /// - Complexity: that of `ChatScreen.invariantViolations(_:)`.
    public func invariantViolations(_ state: State, at now: SimInstant) -> [String] { invariantViolations(state) }
}
