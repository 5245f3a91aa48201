import SimCore
import Tester
import ChatHarness

extension ScriptVocabulary {
    /// The chat screen's words (what scripts in Tests/Scenarios are written in).
    public static let chatScreen = ScriptVocabulary(targets: .chatScreen)
}
