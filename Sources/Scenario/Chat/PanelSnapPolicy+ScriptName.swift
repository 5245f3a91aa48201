import ChatUI

extension PanelSnapPolicy {
    /// The policy's word in the scenario language (`set panel.snap uikit|round|projected|none`):
    /// UIKit's paging is `uikit`. The parser offers these words and the printer writes
    /// them, so they round-trip; `PanelSnapPolicy(scriptName:)` also reads `paging`.
    public var scriptName: String {
        switch self {
        case .paging: return "uikit"
        case .round: return "round"
        case .projected: return "projected"
        case .none: return "none"
        }
    }

    /// The policy a scenario-language word names (the inverse of `scriptName`, kept
    /// beside it: the words are the language's, not the panel's); `paging` is accepted
    /// for `uikit`.
    public init?(scriptName: String) {
        switch scriptName {
        case "uikit", "paging": self = .paging
        case "round": self = .round
        case "projected": self = .projected
        case "none": self = .none
        default: return nil
        }
    }
}
