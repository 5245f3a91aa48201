// What the screen says about its state in the user's words, for refusal messages
// (a finder's, a script's) and for a porter's own logs.
extension ChatScreen {
    /// Why send is disabled in `state`, in the user's words: empty, blank, or the bar's rule.
    /// - Parameter state: The screen's state.
    /// - Returns: The reason, for a refusal message; meaningless while send is enabled.
    /// - Complexity: O(text length).
    public func sendDisabledReason(_ state: State) -> String {
        let text = state.inputBar.text
        if text.isEmpty { return "the input is empty" }
        if text.allSatisfy({ $0 == " " }) { return "the input is blank (only spaces)" }
        if text.allSatisfy({ $0.isWhitespace }) { return "the input is blank (only spaces and line breaks)" }
        return "the input bar disables it"
    }
}
