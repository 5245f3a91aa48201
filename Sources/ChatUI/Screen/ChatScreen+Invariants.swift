import SimCore
import EmojiText

// The screen's model checks, kept with the models so a porter's debug build can run
// them without the test driver; ChatHarness hands them to the Tester.
extension ChatScreen {
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
    /// - Parameter state: The screen's state.
    /// - Returns: One description per broken invariant; empty when all hold.
    public func invariantViolations(_ state: State) -> [String] {
        var out = listModel.invariantViolations(state.list)
        out += inputInvariantViolations(state)
        out += state.panel.invariantViolations()
        return out
    }

    /// Texts up to this many UTF-8 bytes get the full input check on every step.
    public static let fullInputCheckBytes = 1024
    /// Past `fullInputCheckBytes`, the full check's amortised share per step.
    public static let amortisedInputCheckBytes = 64

    /// The input bar's part of `invariantViolations(_:)`; `full` forces the full
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
