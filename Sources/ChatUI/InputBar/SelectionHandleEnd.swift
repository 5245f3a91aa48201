/// Which end of the text view's selection a grab handle moves (`input.handle start|end`
/// in scripts). Top level rather than nested in InputBar so the script language can name
/// it without the input bar's model (the scenario fuzz target builds the parser alone).
public enum SelectionHandleEnd: String, Hashable, Sendable, CaseIterable {
    /// The handle at the selection's start (its knob above the line).
    case start
    /// The handle at the selection's end (its knob below the line).
    case end
}
