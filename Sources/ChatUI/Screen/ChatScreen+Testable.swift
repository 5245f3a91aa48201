import SimCore
import EmojiText
import Interaction
import Raster
import Tester

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

    /// Every model invariant that does not hold in `state`: the input's selection on
    /// unit boundaries, no split emoji, plain -> rich -> plain identity, the list's (a GIF
    /// animates iff its row is visible, cells bounded by the visible rows), the panel's
    /// offset within bounds at rest.
    ///
    /// The input is checked by `TextEditor.invariantViolations`: in full (the units
    /// equal a parse of the whole text) while the text is at most `fullInputCheckBytes`,
    /// which hand-written scripts and the monkey stay within. Past it, each step checks
    /// the O(1) facts and the units the last edit wrote against a parse of their
    /// neighbourhood, and the full check runs on every k-th change of the text, k the
    /// text's size over `amortisedInputCheckBytes` rounded up to a power of two: at
    /// most twice that many bytes of full check per step, amortised, instead of O(n).
    /// A fault the local check misses is so reported at most k changes late.
    /// - Complexity: the list's O(*v* + *pool* + log *n*), the panel's check, and the
    ///   input's: O(text) up to `fullInputCheckBytes`, past it O(the last edit's
    ///   neighbourhood) plus at most 2 × `amortisedInputCheckBytes` bytes of full
    ///   check per step, amortised.
    /// - Parameters:
    ///   - state: The screen's state.
    ///   - now: The instant (unused by the screen's checks; part of the protocol).
    /// - Returns: One description per broken invariant; empty when all hold.
    public func invariantViolations(_ state: State, at now: SimInstant) -> [String] {
        var out = listModel.invariantViolations(state.list)
        out += inputInvariantViolations(state)
        out += state.panel.invariantViolations()
        return out
    }

    /// Texts up to this many UTF-8 bytes get the full input check on every step.
    public static let fullInputCheckBytes = 1024
    /// Past `fullInputCheckBytes`, the full check's amortised share per step.
    public static let amortisedInputCheckBytes = 64

    /// The input bar's part of `invariantViolations(_:at:)`; `full` forces the full
    /// check (every unit against a parse of the whole text) whatever the text's size.
    /// - Complexity: O(text) when full; else O(the last edit's neighbourhood).
    /// - Parameters:
    ///   - state: The screen's state.
    ///   - full: Whether to force the whole-text check.
    /// - Returns: One description per broken invariant of the input; empty when all hold.
    public func inputInvariantViolations(_ state: State, full: Bool = false) -> [String] {
        let editor = state.inputBar.editor
        let bytes = editor.unitMap.plainLength(in: .utf8)
        var period = 1
        if bytes > ChatScreen.fullInputCheckBytes {
            while period * ChatScreen.amortisedInputCheckBytes < bytes { period *= 2 }
        }
        let isFull = full || period == 1 || editor.textRevision % period == 0
        return editor.invariantViolations(isFull ? .full : .lastEdit)
    }
}
